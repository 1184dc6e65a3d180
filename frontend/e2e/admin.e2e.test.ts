import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, live, shot, signInPage } from './support.ts';
import { Stack } from './stack.ts';
import { HttpClient } from '../../backend/test/support/http-client.ts';
import { applicationAt, PASSWORD, studentWithAssessment, submitProject } from '../../backend/test/support/shared-factories.ts';
import { ROLE_ROUTES } from '../src/features/dashboard/nav.ts';

describe('admin journey in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
    await stack.createUser('admin', 'boss@mashrou.test', 'Boss', 'admin-pass-1');
    const company = await stack.signedIn('startup', { email: 'omar@souk.io', fullName: 'Omar Khalil' });
    // Students with known fit for an inventory dashboard project (React, TypeScript, SQL).
    const nextYear = new Date().getFullYear() + 1;
    for (const [email, fullName, skills, overall] of [
      ['layla@example.com', 'Layla Haddad', ['React', 'TypeScript', 'SQL'], 88],
      ['karim@example.com', 'Karim Nassar', ['React'], 75],
      ['dana@example.com', 'Dana Aziz', ['Marketing'], 95],
    ] as const) {
      await studentWithAssessment(
        stack,
        { overall, skills: [...skills], scores: { technical: 90 } },
        { email, fullName, school: 'AUB', graduationYear: nextYear },
      );
    }
    // Pending: the admin approves it below.
    await submitProject(company.client, {
      title: 'Inventory dashboard',
      description: 'A dashboard of stock levels for our three shops, fed from our database.',
      skills: ['React', 'TypeScript', 'SQL'],
      durationWeeks: 6,
      weeklyHours: 10,
      paid: true,
      stipend: 400,
    });
  });
  afterAll(async () => {
    // Either may be missing when beforeAll failed part-way.
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  const as = (email: string, password?: string, viewport?: { width: number; height: number }) =>
    signInPage(browser, stack.url, email, password, viewport);

  it('signup reviewed → user found and deactivated → project approved → top candidate invited → Bull Board', async () => {
    // A new signup, already signed in elsewhere.
    const nadia = (await stack.signedIn('student', { email: 'nadia@example.com', fullName: 'Nadia Saleh' })).client;
    expect((await nadia.get('/api/auth/me')).statusCode).toBe(200);

    const admin = await as('boss@mashrou.test', 'admin-pass-1');
    const row = admin.getByTestId('signup-notification').filter({ hasText: 'Nadia Saleh' });
    await row.waitFor();
    await admin.getByTestId('signups-chart').waitFor();
    await admin.getByTestId('queue-health').getByText('notifications').waitFor();
    await shot(admin, 'admin-dashboard');
    // A day's figure shows beside its bar while the pointer is on it; the tooltip's code comes with
    // the first hover, not with the dashboard.
    const tooltipCode = () =>
      admin.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((name) => /\/assets\/(bar-tooltip|Tooltip)-/.test(name)),
      );
    expect(await tooltipCode()).toEqual([]);
    // Hovered once the page's code runs (a hover before that has no handler to answer it).
    await live(admin);
    await admin.getByTestId('signups-chart').locator('> div').last().hover();
    await admin
      .getByRole('tooltip')
      .filter({ hasText: /signups? on/ })
      .waitFor();
    expect((await tooltipCode()).length).toBeGreaterThan(0);
    await admin.mouse.move(0, 0);
    await admin.getByRole('tooltip').waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Mark reviewed' }).click();
    await row.getByText('Reviewed').waitFor();

    // Manage Users: find Nadia, deactivate her.
    await admin.getByRole('link', { name: 'Manage Users' }).click();
    await admin.getByLabel('Search').fill('nadia');
    await expect.poll(() => admin.getByTestId('user-row').count(), { timeout: 15_000 }).toBe(1);
    await admin.getByTestId('user-row').filter({ hasText: 'nadia@example.com' }).waitFor();
    await shot(admin, 'admin-users');
    await admin.getByTestId('user-row').first().click();
    const panel = admin.getByTestId('user-panel');
    await panel.getByText('Nadia Saleh').waitFor();
    await panel.getByRole('button', { name: 'Deactivate' }).click();
    await admin.getByRole('dialog', { name: 'Deactivate this account?' }).getByRole('button', { name: 'Deactivate' }).click();
    await panel.getByText('Deactivated. They were signed out everywhere and cannot sign in.').waitFor();
    await shot(admin, 'admin-user-panel');
    expect((await nadia.get('/api/auth/me')).statusCode).toBe(401);
    const again = await new HttpClient(stack.url).post('/api/auth/signin', { email: 'nadia@example.com', password: PASSWORD });
    expect(again.statusCode).not.toBe(200);
    await admin.keyboard.press('Escape');
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    await admin.getByTestId('audit-log').getByText('Account deactivated').waitFor();
    await admin.getByTestId('audit-log').getByText('Signup notifications reviewed').waitFor();

    // Approve the pending project on the dashboard.
    await admin.getByRole('link', { name: 'Dashboard' }).click();
    const pending = admin.getByTestId('pending-project').filter({ hasText: 'Inventory dashboard' });
    // Approving says what happens and can be undone for a few seconds.
    await pending.getByRole('button', { name: 'Approve' }).click();
    await pending.getByText(/It opens to students and Omar Khalil Co is told by email/).waitFor();
    await pending.getByRole('button', { name: 'Undo' }).click();
    await pending.getByTestId('approving').waitFor({ state: 'detached' });
    expect(
      (await stack.sql<{ status: string }>(`select status from projects where title like 'Inventory dashboard%'`))[0]?.status,
    ).toBe('pending');
    await pending.getByRole('button', { name: 'Approve' }).click();
    await pending.waitFor({ state: 'detached', timeout: 15_000 });

    // AI Recruitment: rank students for it, invite the top one.
    await admin.getByRole('link', { name: 'AI Recruitment' }).click();
    await admin.getByRole('combobox', { name: 'Open project' }).click();
    await admin.getByRole('option', { name: /Inventory dashboard/ }).click();
    const cards = admin.getByTestId('candidate');
    await cards.first().waitFor();
    expect(await cards.allInnerTexts().then((t) => t.map((x) => x.match(/#\d+ ([^\n]+)/)?.[1]))).toEqual([
      'Layla Haddad',
      'Karim Nassar',
      'Dana Aziz',
    ]);
    await admin.getByText('How the score works').waitFor();
    await shot(admin, 'admin-ai-recruitment');
    await cards.first().getByRole('button', { name: 'Invite to apply' }).click();
    await cards.first().getByText('Invited').waitFor();
    const mail = await stack.waitForMail('layla@example.com', /invited to apply/);
    expect(mail.text).toContain('/dashboard/browse-projects?project=');

    // Karim accepted on this very project: his card does not call him taken by another one.
    const [project] = await stack.sql<{ id: string }>(`select id from projects where title = 'Inventory dashboard'`);
    const [karim] = await stack.sql<{ id: string }>(`select id from users where email = 'karim@example.com'`);
    await stack.sql(
      `insert into applications (id, project_id, student_id, project_title, motivation, status)
       values (gen_random_uuid(), $1, $2, 'Inventory dashboard', 'x', 'accepted')`,
      [project!.id, karim!.id],
    );
    await admin.reload();
    const karimCard = cards.filter({ hasText: 'Karim Nassar' });
    // The card as it is now: his application to this project is among its reasons.
    await karimCard.getByText(/Applied \(/).waitFor();
    expect(await karimCard.innerText()).not.toContain('Already accepted on another open project');

    // The other way round.
    await admin.getByRole('tab', { name: 'Projects for a student' }).click();
    await admin.getByRole('combobox', { name: 'Student' }).fill('karim');
    await admin.getByRole('option', { name: /Karim Nassar/ }).click();
    await admin.getByTestId('project-match').filter({ hasText: 'Inventory dashboard' }).waitFor();
    await shot(admin, 'admin-ai-reverse');

    // Bull Board, by the same session.
    await admin.goto(`${stack.url}/admin/queues`);
    await admin.getByText('Mashrou queues').first().waitFor();
    await admin.waitForLoadState('networkidle');
    await shot(admin, 'admin-bull-board');
  });

  it('all projects: search, read the applications, close with a reason the company receives, reopen, correct a typo', async () => {
    const id = await submitProject(await stack.signIn('omar@souk.io'), {
      title: 'Shop catalgoue photos',
      description: 'Photograph 60 products for our online shop, on a white background.',
      skills: ['Photography'],
      durationWeeks: 2,
      weeklyHours: 8,
      deadline: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    });
    const admin = await as('boss@mashrou.test', 'admin-pass-1');
    await admin
      .getByTestId('pending-project')
      .filter({ hasText: 'Shop catalgoue photos' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await admin.getByRole('button', { name: 'Approve now' }).click();
    await admin.getByTestId('pending-project').filter({ hasText: 'Shop catalgoue photos' }).waitFor({ state: 'detached' });
    await applicationAt('submitted', {
      student: await stack.signIn('karim@example.com'),
      projectId: id,
      motivation: 'I shoot product photos for two shops in Beirut, with my own light box.',
    });

    await admin.getByRole('link', { name: 'All projects' }).click();
    await admin.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await admin.getByLabel('Search').fill('catalgoue');
    await admin.getByLabel('Search').press('Enter');
    await expect.poll(() => admin.getByTestId('admin-project').count(), { timeout: 15_000 }).toBe(1);
    const card = admin.getByTestId('admin-project').first();
    // The deadline is the day after tomorrow (UTC, as the browser's time zone here).
    await card.getByText('Closes in 2 days').waitFor();
    await card.getByRole('button', { name: '1 application' }).click();
    await card.getByTestId('admin-applications').getByText('Karim Nassar').waitFor();
    await shot(admin, 'admin-projects');

    await card.getByRole('button', { name: 'Close' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Close this project' });
    await dialog.getByRole('button', { name: 'Close the project' }).click();
    await dialog
      .getByText('This field is required')
      .or(dialog.getByText(/at least|too short/i))
      .first()
      .waitFor();
    await dialog.getByLabel('Reason').fill('Unpaid work of this size breaks our rules.');
    await shot(admin, 'admin-projects-close');
    await dialog.getByRole('button', { name: 'Close the project' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Closed by an admin', { exact: false }).waitFor();
    const mail = await stack.waitForMail('omar@souk.io', /was closed by Mashrou/);
    expect(mail.text).toContain('Reason: Unpaid work of this size breaks our rules.');

    await card.getByRole('button', { name: 'Reopen' }).click();
    const reopen = admin.getByRole('dialog', { name: 'Reopen this project' });
    await reopen.getByLabel('Reason').fill('The company now pays a stipend.');
    await reopen.getByRole('button', { name: 'Reopen the project' }).click();
    await reopen.waitFor({ state: 'detached' });
    await card.getByText('Open', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Correct listing' }).click();
    const edit = admin.getByRole('dialog', { name: 'Correct the listing' });
    await edit.getByLabel('Title').fill('Shop catalogue photos');
    await edit.getByLabel('Reason').fill('Fixed a typo in the title.');
    await edit.getByRole('button', { name: 'Save the correction' }).click();
    await edit.waitFor({ state: 'detached' });
    // The corrected title no longer matches the misspelt search.
    await expect.poll(() => admin.getByTestId('admin-project').count(), { timeout: 15_000 }).toBe(0);
    await admin.getByLabel('Search').fill('catalogue');
    await admin.getByLabel('Search').press('Enter');
    await card.getByRole('heading', { name: 'Shop catalogue photos' }).waitFor();
    await stack.waitForMail('omar@souk.io', /We corrected the listing/);

    await admin.getByRole('link', { name: 'Manage Users' }).click();
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    for (const action of ['Listing corrected', 'Project reopened', 'Project closed', 'Applications viewed']) {
      await admin.getByTestId('audit-log').getByText(action).first().waitFor();
    }
  });

  it('every dashboard route answers each role as the route table declares', { timeout: 180_000 }, async () => {
    const anon = await (await browser.newContext()).newPage();
    const pages = {
      student: await as('karim@example.com'),
      startup: await as('omar@souk.io'),
      admin: await as('boss@mashrou.test', 'admin-pass-1'),
    };
    const wrong: string[] = [];
    for (const [sub, roles] of Object.entries(ROLE_ROUTES)) {
      await anon.goto(`${stack.url}/dashboard/${sub}`);
      // Signed out: to sign-in, which then comes back here.
      await anon.waitForURL(`${stack.url}/signin?next=${encodeURIComponent(`/dashboard/${sub}`)}`);
      for (const [role, page] of Object.entries(pages)) {
        await page.goto(`${stack.url}/dashboard/${sub}`);
        const allowed = (roles as string[]).includes(role);
        const want = `${stack.url}/dashboard${allowed ? `/${sub}` : ''}`;
        try {
          await page.waitForURL(want, { timeout: 15_000 });
          // Allowed screens render their own heading, not the home view.
          if (allowed) await page.locator('main h1, h1').first().waitFor();
        } catch {
          wrong.push(`${role} → /dashboard/${sub}: ended at ${page.url()}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the dashboard opened from a link on a phone arrives rendered with its figures: who is signed in is not asked again; nothing moves', async () => {
    const page = await as('boss@mashrou.test', 'admin-pass-1', { width: 412, height: 823 });
    let askedMe = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/me') askedMe++;
    });
    // Every layout shift of the page, from its first paint on (what Lighthouse's CLS adds up).
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${stack.url}/dashboard`);
    await expect.poll(() => page.getByTestId('queue-health').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Projects by status' }).count()).toBe(1);
    // The api rendered the page with the user (backend/src/http/signed-in-pages.ts): the browser starts
    // from that, and asks again only once it goes stale.
    expect(askedMe).toBe(0);
    const cls = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
    expect(cls).toBeLessThan(0.1);
    await page.context().close();
  });

  it('Manage Users and AI Recruitment on a phone', async () => {
    const admin = await as('boss@mashrou.test', 'admin-pass-1', { width: 390, height: 844 });
    await admin.goto(`${stack.url}/dashboard/manage-users`);
    await admin.getByTestId('users-table').waitFor();
    await shot(admin, 'admin-users-mobile');
    await admin.goto(`${stack.url}/dashboard/ai-recruitment`);
    await admin.getByText('Pick an open project to see the students who fit it best.').waitFor();
    await shot(admin, 'admin-ai-mobile');
    await admin.goto(`${stack.url}/dashboard`);
    await admin.getByTestId('signups-chart').waitFor();
    await shot(admin, 'admin-dashboard-mobile');
  });
});
