/**
 * Signed-in screens the api renders for their visitor (backend/src/http/signed-in-pages.ts, issue 32):
 * the first response is the screen with its data; the browser hydrates it from the same data without
 * asking again, in the browser's language and time zone, and it then works as any screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { langContext, launchBrowser, live, settle, shot, signInContext, trackRequests, VIEWPORTS } from './support.ts';
import { Stack } from './stack.ts';
import { applicationAt, openProject, PASSWORD } from '../../backend/test/support/shared-factories.ts';

/** What `page` reports as an error (React reports a mismatch between the api's render and its own so). */
function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The chunks named `name` (the build's `<name>-<hash>.js`) that `page` fetched, as it goes on. */
function chunksFetched(page: Page) {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return (name: string) => scripts.filter((f) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(f));
}

describe('signed-in screens rendered by the api, in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  /** A new student, signed in on a phone in English, with a page to open. */
  async function studentOnPhone() {
    const student = await stack.signedIn('student');
    const ctx = await langContext(browser, 'en', VIEWPORTS.phone);
    await signInContext(ctx, stack.url, student.user.email, PASSWORD);
    return { student, ctx, page: await ctx.newPage() };
  }

  it('a search opened from a link arrives rendered by the api with its results; the page then works without asking again', async () => {
    const company = await stack.signedIn('startup');
    const admin = await stack.signedIn('admin');
    await openProject(company.client, admin.client, {
      title: 'Stock forecasts in Tableau',
      description: 'Forecast next month stock for each shop from last year sales.',
      skills: ['Tableau'],
    });
    const { student, ctx, page } = await studentOnPhone();
    const asked: string[] = [];
    const errors = errorsOf(page);
    const code = chunksFetched(page);
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
    });
    const response = await page.goto(`${stack.url}/dashboard/browse-projects?q=Tableau&page=1`);
    // The first response is the screen itself: the student's name, the listing found, private to them.
    const html = (await response?.text()) ?? '';
    expect(html).toContain('Stock forecasts in Tableau');
    expect(html).toContain(student.user.fullName);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await page.getByTestId('project-card').first().waitFor();
    // Hydrated (the bell opens its live stream once the page's code runs) from the cache it was
    // rendered with: who is signed in, the results and the bell's count are not asked again.
    await expect.poll(() => asked.includes('/api/notifications/stream')).toBe(true);
    await settle(page);
    expect(
      asked.filter(
        (a) => a.startsWith('/api/marketplace/projects?') || a === '/api/auth/me' || a === '/api/notifications/unread',
      ),
    ).toEqual([]);
    // The list has no project page's code nor its application form's; opening a project brings them.
    expect(code('student-project-page')).toEqual([]);
    expect(code('apply-form')).toEqual([]);
    await page.getByTestId('project-card').first().getByRole('button', { name: 'View' }).click();
    await page.getByLabel('Why are you a good fit?').waitFor();
    expect(code('student-project-page')).toHaveLength(1);
    expect(code('apply-form')).toHaveLength(1);
    await page.getByRole('button', { name: /Back to projects/ }).click();
    // And it answers: a new query asks the api and shows what it finds.
    await page.getByRole('textbox', { name: 'Search projects' }).fill('nothing-matches-this');
    await expect.poll(() => asked.some((a) => a.includes('q=nothing-matches-this'))).toBe(true);
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a company's projects arrive without their applicants' code; a project's address arrives rendered with its applicants and lists that code", async () => {
    const company = await stack.signedIn('startup');
    const admin = await stack.signedIn('admin');
    const projectId = await openProject(company.client, admin.client, { title: 'Loyalty card for a café' });
    const student = await stack.signedIn('student');
    await applicationAt('submitted', { student: student.client, projectId });
    const ctx = await langContext(browser, 'en', VIEWPORTS.phone);
    await signInContext(ctx, stack.url, company.user.email, PASSWORD);
    const page = await ctx.newPage();
    const errors = errorsOf(page);
    const code = chunksFetched(page);
    // The list: rendered by the api, hydrated without the applicants' cards and forms.
    const list = await page.goto(`${stack.url}/dashboard/view-projects`);
    expect((await list?.text()) ?? '').toContain('Loyalty card for a café');
    await live(page);
    await settle(page);
    expect(code('company-project-detail')).toEqual([]);
    // Opening the project brings them.
    await page.getByTestId('company-project').first().getByRole('button', { name: 'View details' }).click();
    await page.getByTestId('applicant').filter({ hasText: student.user.fullName }).waitFor();
    expect(code('company-project-detail')).toHaveLength(1);
    // The project's own address (a link from the new-applicant mail): rendered with its applicants,
    // whose code the page lists, and hydrated as rendered. The applicants' part is hydrated after the
    // screen around it: each time a control comes alive, no select may answer before React has it (a
    // status picked then was lost, and Update stayed disabled).
    await page.addInitScript(() => {
      const tooSoon: string[] = [];
      Object.assign(window, { tooSoon });
      new MutationObserver(() => {
        for (const select of document.querySelectorAll('select')) {
          const hydrated = Object.keys(select).some((k) => k.startsWith('__reactProps'));
          if (!select.matches(':disabled') && !hydrated) tooSoon.push(select.labels[0]?.textContent ?? select.id);
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
    });
    const detail = await page.goto(`${stack.url}/dashboard/view-projects?project=${projectId}`);
    const html = (await detail?.text()) ?? '';
    expect(html).toContain(student.user.fullName);
    expect(html).toContain('Move to');
    expect(html).toMatch(/data-code="[^"]*\/assets\/company-project-detail-[\w-]+\.js/);
    // Not the list's, which comes after the page started (for the way back).
    expect(/data-code="([^"]*)"/.exec(html)?.[1]).not.toMatch(/\/assets\/company-project-list-/);
    await live(page);
    await settle(page);
    await page.getByTestId('applicant').getByLabel('Move to').waitFor();
    expect(await page.evaluate(() => (window as unknown as { tooSoon: string[] }).tooSoon)).toEqual([]);
    await page.getByRole('button', { name: /All projects/ }).click();
    await page.getByTestId('company-project').first().waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('in the browser’s time zone: a student in Dubai sees their application’s time as their clock says, and the page hydrates as rendered', async () => {
    const company = await stack.signedIn('startup');
    const admin = await stack.signedIn('admin');
    const projectId = await openProject(company.client, admin.client, { title: 'Night-shift rota planner' });
    const student = await stack.signedIn('student');
    const applicationId = await applicationAt('submitted', { student: student.client, projectId });
    // 22:30 in London is 02:30 the next day in Dubai.
    await stack.sql(`update applications set updated_at = '2026-11-20T22:30:00Z' where id = $1`, [applicationId]);

    const ctx = await browser.newContext({ viewport: VIEWPORTS.phone, timezoneId: 'Asia/Dubai' });
    trackRequests(ctx);
    await signInContext(ctx, stack.url, student.user.email, PASSWORD, { timeZone: 'Asia/Dubai' });
    const page = await ctx.newPage();
    const errors = errorsOf(page);
    const response = await page.goto(`${stack.url}/dashboard/my-applications`);
    expect((await response?.text()) ?? '').toContain('21 Nov 2026, 02:30');
    await live(page);
    await settle(page);
    await page.getByText('21 Nov 2026, 02:30').first().waitFor();
    await shot(page, 'signed-in-rendered-dubai');
    // No mismatch between the api's render and the browser's (React would say so, and render again).
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a project page hydrates without building a schema; its form loads its rules when first checked and still refuses a short motivation', async () => {
    const company = await stack.signedIn('startup');
    const admin = await stack.signedIn('admin');
    const projectId = await openProject(company.client, admin.client, { title: 'Menu photos for a bakery' });
    const { ctx, page } = await studentOnPhone();
    const scripts: string[] = [];
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.resourceType() === 'script') scripts.push(url.pathname);
      if (url.pathname.startsWith('/api/')) asked.push(`${r.method()} ${url.pathname}`);
    });
    const errors = errorsOf(page);
    const response = await page.goto(`${stack.url}/dashboard/browse-projects?project=${projectId}`);
    // Rendered with its form, whose code the page lists (the api's page for an address with ?project=),
    // and without the list's.
    const html = (await response?.text()) ?? '';
    expect(html).toContain('Why are you a good fit?');
    const listed = /data-code="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(listed).toMatch(/\/assets\/apply-form-[\w-]+\.js/);
    expect(listed).toMatch(/\/assets\/student-project-page-[\w-]+\.js/);
    expect(listed).not.toMatch(/\/assets\/browse-page-/);
    await page.getByRole('heading', { name: 'Menu photos for a bakery' }).waitFor();
    await live(page);
    await settle(page);
    expect(errors).toEqual([]);
    // zod and the contract's schemas are not part of the page (only the routes and plain values are).
    const schemaCode = (list: string[]) => list.filter((f) => /\/assets\/(zod|contracts-(?!client))[^/]*\.js$/.test(f));
    expect(schemaCode(scripts)).toEqual([]);
    await page.getByLabel('Why are you a good fit?').fill('Too short.');
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByText('Write at least 20 characters.').waitFor();
    expect(schemaCode(scripts).length).toBeGreaterThan(0);
    expect(asked.filter((a) => a.startsWith('POST '))).toEqual([]);
    // The message goes as soon as the motivation is long enough.
    await page.getByLabel('Why are you a good fit?').fill('I photographed the menus of three cafés last spring.');
    await page.getByText('Write at least 20 characters.').waitFor({ state: 'detached' });
    // Back: the list, whose code came after the page started (for the way back).
    await page.getByRole('button', { name: /Back to projects/ }).click();
    await page.getByTestId('project-card').filter({ hasText: 'Menu photos for a bakery' }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("each role's Overview arrives rendered and loads its own home's code only; an application's messages, workspace and withdrawal dialog load theirs when opened", async () => {
    const company = await stack.signedIn('startup');
    const admin = await stack.signedIn('admin');
    const projectId = await openProject(company.client, admin.client, { title: 'Receipt scanner for a pharmacy' });
    const otherId = await openProject(company.client, admin.client, { title: 'Stock alerts for a bakery' });
    const { student, ctx, page } = await studentOnPhone();
    await applicationAt('accepted', { student: student.client, projectId, company: company.client });
    await applicationAt('submitted', { student: student.client, projectId: otherId, company: company.client });
    const errors = errorsOf(page);
    const code = chunksFetched(page);

    const response = await page.goto(`${stack.url}/dashboard`);
    expect((await response?.text()) ?? '').toContain(`Welcome, ${student.user.fullName}`);
    await live(page);
    await settle(page);
    expect(code('student-home')).toHaveLength(1);
    expect([...code('admin-home'), ...code('startup-home')]).toEqual([]);

    // My Applications: a conversation's and a workspace's code (and their forms') come when opened.
    await page.goto(`${stack.url}/dashboard/my-applications`);
    await live(page);
    await settle(page);
    expect([...code('message-thread-body'), ...code('workspace-body'), ...code('confirm-dialog')]).toEqual([]);
    const card = page.getByTestId('my-application').filter({ hasText: 'Receipt scanner for a pharmacy' });
    await card.getByRole('button', { name: 'Messages', exact: true }).click();
    await card.getByRole('textbox', { name: 'Write a message' }).fill('Hello, when do we start?');
    await card.getByRole('button', { name: 'Send', exact: true }).click();
    await card.getByTestId('message').filter({ hasText: 'Hello, when do we start?' }).waitFor();
    // A message begun is still there when the folded thread opens again.
    await card.getByRole('textbox', { name: 'Write a message' }).fill('And where do we meet');
    await card.getByRole('button', { name: 'Hide messages' }).click();
    await card.getByRole('textbox', { name: 'Write a message' }).waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Messages', exact: true }).click();
    expect(await card.getByRole('textbox', { name: 'Write a message' }).inputValue()).toBe('And where do we meet');
    await card.getByRole('button', { name: 'Workspace', exact: true }).click();
    await card.getByText('The company has not set any milestones yet. You will be told when it does.').waitFor();
    expect(code('message-thread-body')).toHaveLength(1);
    expect(code('workspace-body')).toHaveLength(1);
    // Withdrawing asks first: the dialog's code comes as it opens; Cancel gives the focus back.
    const withdraw = page
      .getByTestId('my-application')
      .filter({ hasText: 'Stock alerts for a bakery' })
      .getByRole('button', { name: 'Withdraw' });
    await withdraw.focus();
    await page.keyboard.press('Enter');
    const asked = page.getByRole('dialog', { name: 'Withdraw this application?' });
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'hidden' });
    await expect.poll(() => withdraw.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(code('confirm-dialog')).toHaveLength(1);
    expect(errors).toEqual([]);
    await ctx.close();

    // The admin's Overview: its own code, rendered and hydrated like the student's.
    const adminCtx = await langContext(browser, 'en', VIEWPORTS.phone);
    await signInContext(adminCtx, stack.url, admin.user.email, PASSWORD);
    const adminPage = await adminCtx.newPage();
    const adminErrors = errorsOf(adminPage);
    const adminCode = chunksFetched(adminPage);
    const adminResponse = await adminPage.goto(`${stack.url}/dashboard`);
    expect((await adminResponse?.text()) ?? '').toContain('Projects by status');
    await live(adminPage);
    await settle(adminPage);
    expect(adminCode('admin-home')).toHaveLength(1);
    expect([...adminCode('student-home'), ...adminCode('startup-home')]).toEqual([]);
    expect(adminErrors).toEqual([]);
    await adminCtx.close();
  });

  it('a thread whose code does not arrive says so with Try again while the screen works; the next try opens it', async () => {
    const company = await stack.signedIn('startup');
    const admin = await stack.signedIn('admin');
    const projectId = await openProject(company.client, admin.client, { title: 'Shelf labels for a grocery' });
    const { student, ctx, page } = await studentOnPhone();
    await applicationAt('shortlisted', { student: student.client, projectId, company: company.client });
    await page.goto(`${stack.url}/dashboard/my-applications`);
    await live(page);
    await settle(page);
    const card = page.getByTestId('my-application').filter({ hasText: 'Shelf labels for a grocery' });
    const messages = card.getByRole('button', { name: 'Messages', exact: true });
    // The connection drops as the pointer reaches the button, and is still down when it is pressed.
    const code = /\/assets\/message-thread-body-[\w-]+\.js$/;
    let refused = 0;
    await page.route(code, (route) => {
      refused += 1;
      return route.abort('internetdisconnected');
    });
    await messages.hover();
    await expect.poll(() => refused).toBe(1);
    await messages.click();
    await expect.poll(() => refused).toBe(2);
    await card.getByRole('alert').filter({ hasText: 'We could not load this. Please try again.' }).waitFor();
    // The rest of the screen goes on working.
    await page.getByRole('heading', { name: 'My Applications' }).waitFor();
    await shot(page, 'part-failed');
    // Back online: Try again opens the thread.
    await page.unroute(code);
    await card.getByRole('button', { name: 'Try again' }).click();
    await card.getByRole('textbox', { name: 'Write a message' }).waitFor();
    expect(await card.getByRole('alert').count()).toBe(0);
    await ctx.close();
  });

  it('a confirmation whose code does not arrive says so over the screen with Cancel and Try again; back online it asks', async () => {
    const company = await stack.signedIn('startup');
    const admin = await stack.signedIn('admin');
    const projectId = await openProject(company.client, admin.client, { title: 'Price tags for a pharmacy' });
    const { student, ctx, page } = await studentOnPhone();
    await applicationAt('submitted', { student: student.client, projectId });
    await page.goto(`${stack.url}/dashboard/my-applications`);
    await live(page);
    await settle(page);
    const withdraw = page
      .getByTestId('my-application')
      .filter({ hasText: 'Price tags for a pharmacy' })
      .getByRole('button', { name: 'Withdraw' });
    const code = /\/assets\/confirm-dialog-[\w-]+\.js$/;
    await page.route(code, (route) => route.abort('internetdisconnected'));
    await withdraw.click();
    const notice = page.getByRole('alert').filter({ hasText: 'We could not load this. Please try again.' });
    await notice.waitFor();
    await shot(page, 'confirm-failed');
    // Cancel leaves everything as it was; nothing was withdrawn.
    await notice.getByRole('button', { name: 'Cancel' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Back online, the next try asks.
    await page.unroute(code);
    await withdraw.click();
    await page.getByRole('dialog', { name: 'Withdraw this application?' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'We could not load this' }).count()).toBe(0);
    await ctx.close();
  });

  it('the next screen is fetched, rendered, while the pointer rests on its link or keyboard focus reaches it, and opens from that fetch', async () => {
    const student = await stack.signedIn('student');
    const ctx = await langContext(browser, 'en', VIEWPORTS.desktop);
    await signInContext(ctx, stack.url, student.user.email, PASSWORD);
    const page = await ctx.newPage();
    const ahead: string[] = [];
    ctx.on('request', (r) => {
      if (r.headers()['sec-purpose']?.includes('prefetch')) ahead.push(new URL(r.url()).pathname);
    });
    const response = await page.goto(`${stack.url}/dashboard`);
    expect(response?.headers()['speculation-rules']).toBe('"/speculation-rules.json"');
    await live(page);
    const link = page.getByRole('navigation').getByRole('link', { name: 'My Applications' });
    await link.hover();
    await expect.poll(() => ahead, { timeout: 10_000 }).toContain('/dashboard/my-applications');
    await link.click();
    await page.waitForURL(`${stack.url}/dashboard/my-applications`);
    await page.getByRole('heading', { name: 'My Applications' }).waitFor();
    const delivery = await page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType?: string }).deliveryType,
    );
    expect(delivery).toBe('navigational-prefetch');

    // From the keyboard too: the link that focus reaches is fetched, and Enter opens that fetch.
    await live(page);
    const browse = page.getByRole('navigation').getByRole('link', { name: 'Browse Projects' });
    await browse.focus();
    await expect.poll(() => ahead, { timeout: 10_000 }).toContain('/dashboard/browse-projects');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/dashboard/browse-projects`);
    await page.getByRole('heading', { name: 'Browse Projects' }).waitFor();
    expect(
      await page.evaluate(
        () =>
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType?: string }).deliveryType,
      ),
    ).toBe('navigational-prefetch');
    await ctx.close();
  });
});
