/**
 * The rough edges a newcomer hit (issue 31), each walked as a user would: a sign-up error that names
 * its field, the browser's Back between sign-up steps, a reload on the code step, an assessment
 * that survives a reload and says what comes next, a LinkedIn link typed without https://, texts
 * that count to their limit instead of being cut, an approval that can be undone, Arabic
 * screens where addresses, numbers and names keep their own direction, final decisions with Undo,
 * destructive actions that ask once, and empty filtered lists that offer the way back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { applicationAt, companyWithOpenProject, takeAssessment } from '../../backend/test/support/shared-factories.ts';
import { langPage, launchBrowser, settle, shot, signInContext, VIEWPORTS } from './support.ts';
import { Stack } from './stack.ts';

describe('frictions fixed, in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  const newPage = (
    lang: 'en' | 'ar' = 'en',
    as?: { email: string; password: string },
    size: keyof typeof VIEWPORTS = 'desktop',
  ) => langPage(browser, stack.url, contexts, lang, VIEWPORTS[size], as);
  const stepHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step \d of \d/ });

  it('sign-up names the missing field, walks back with the browser, and a reload on the code step asks nothing', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/signup`);
    await page.getByRole('button', { name: /Student/ }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').getByText('Email is required.').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Email').fill('nour@example.com');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').getByText('Full Name is required.').waitFor();

    // The browser's Back from step 2 goes to step 1, Forward comes back.
    await page.goBack();
    await expect.poll(() => stepHeading(page).textContent()).toMatch(/Step 1 of 5/);
    await page.goForward();
    await expect.poll(() => stepHeading(page).textContent()).toMatch(/Step 2 of 5/);

    await page.getByLabel('Email').fill('nour@example.com');
    await page.getByLabel('Full Name').fill('Nour Saleh');
    await page.getByLabel(/^Password/).fill('secret1');
    await page.getByLabel('Confirm Password').fill('secret1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(/We sent a 6-digit code to nour@example.com/).waitFor();
    await stack.waitForMail('nour@example.com', /verification code/);

    // A reload within the minute: the code already sent is the one to type, no "please wait".
    await page.reload();
    await page.getByText(/We sent a 6-digit code to nour@example.com/).waitFor();
    await settle(page);
    expect(await page.getByRole('alert').count()).toBe(0);

    // Back (the browser's) from the code step goes to the details step.
    await page.goBack();
    await expect.poll(() => stepHeading(page).textContent()).toMatch(/Step 2 of 5/);
  });

  it("a company's fourth step is its Book a Call", async () => {
    const page = await newPage();
    await stack.createUser('startup', 'rami@example.com', 'Rami Khoury');
    await stack.sql(`update users set onboarding_complete = false where email = 'rami@example.com'`);
    await signInContext(page.context(), stack.url, 'rami@example.com', 'secret-pass-1');
    await page.goto(`${stack.url}/signup`);
    await expect.poll(() => stepHeading(page).textContent()).toMatch(/Step 4 of 5 · Book a Call/);
  });

  it('the assessment keeps its answers through a reload and then points to what comes next', async () => {
    const student = await stack.createUser('student', 'hala@example.com', 'Hala Mansour');
    const page = await newPage('en', student);
    await page.goto(`${stack.url}/dashboard/assessment`);
    await page.getByText(/Question 1 of/).waitFor();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/Question 2 of/).waitFor();
    await page.getByRole('radio').nth(1).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/Question 3 of/).waitFor();

    await page.reload();
    await page.getByText(/Question 3 of/).waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(/Question 2 of/).waitFor();
    expect(await page.getByRole('radio').nth(1).isChecked()).toBe(true);

    // The rest answered through the api's form is what a student does by hand; the result screen then
    // offers the next steps.
    await takeAssessment(await stack.signIn('hala@example.com'), ['SQL']);
    await page.reload();
    await page.getByText('Your result').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Browse Projects' }).click();
    await page.waitForURL(/\/dashboard\/browse-projects/);
  });

  it('LinkedIn without https:// is accepted; the bio counts to its limit and refuses past it', async () => {
    const student = await stack.createUser('student', 'omar.s@example.com', 'Omar Said', undefined, {
      school: 'AUB',
      graduationYear: new Date().getFullYear() + 1,
    });
    const page = await newPage('en', student);
    await page.goto(`${stack.url}/dashboard/settings`);
    const form = page.getByRole('form', { name: 'Student profile' });
    await form.getByLabel(/^LinkedIn/).fill('linkedin.com/in/omar-said');
    const bio = form.getByLabel('About you');
    await bio.fill('x'.repeat(1001));
    // Nothing cut: all 1001 characters stay, the count says so and the form refuses.
    expect((await bio.inputValue()).length).toBe(1001);
    await form.getByText('1,001 / 1,000').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('This is too long.').waitFor();
    await bio.fill('Data analyst in training.');
    await form.getByText('25 / 1,000').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Your changes are saved.').waitFor();
    const [row] = await stack.sql<{ linkedin: string }>(`select linkedin from users where email = 'omar.s@example.com'`);
    expect(row?.linkedin).toBe('https://linkedin.com/in/omar-said');
  });

  it('in Arabic, a phone number, an email and a message header keep their own order', async () => {
    const admin = await stack.signedIn('admin', { email: 'boss@example.com' });
    const { company, projectId } = await companyWithOpenProject(stack, admin.client, {
      company: { email: 'souk@example.com', fullName: 'Omar Khalil' },
    });
    const student = await stack.signedIn('student', { email: 'lina@example.com', fullName: 'Lina Haddad' });
    await stack.sql(`update users set whatsapp = '+962 79 123 4567' where email = 'lina@example.com'`);
    const applicationId = await applicationAt('shortlisted', { student: student.client, projectId, company: company.client });
    await company.client.post(`/api/applications/${applicationId}/messages`, { body: 'Hello Lina, can we talk on Monday?' });

    const page = await newPage('ar', { email: 'boss@example.com', password: 'secret-pass-1' });
    await page.goto(`${stack.url}/dashboard/manage-users?user=${student.user.id}`);
    const phone = page.getByTestId('user-panel').locator('bdi[dir="ltr"]', { hasText: '+962 79 123 4567' });
    await phone.waitFor();
    await page.getByTestId('user-panel').locator('bdi[dir="ltr"]', { hasText: 'lina@example.com' }).waitFor();
    // Drawn left to right: the "+" comes first on screen.
    const order = await phone.evaluate((el) => {
      const range = document.createRange();
      const text = el.firstChild as Text;
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const plus = range.getBoundingClientRect().left;
      range.setStart(text, text.length - 1);
      range.setEnd(text, text.length);
      return plus < range.getBoundingClientRect().left;
    });
    expect(order).toBe(true);
    await shot(page, 'frictions-ar-user-drawer');

    const lina = await newPage('ar', { email: 'lina@example.com', password: 'secret-pass-1' }, 'phone');
    await lina.goto(`${stack.url}/dashboard/my-applications`);
    await lina.getByRole('button', { name: 'الرسائل' }).click();
    const header = lina.getByTestId('message').first().locator('bdi').first();
    expect(await header.textContent()).toBe('Omar Khalil Co');
    await shot(lina, 'frictions-ar-messages');
  });
  it("a notification's unsubscribe link turns that kind off with one button, Undo turns it on; Settings chooses kinds", async () => {
    const admin = await stack.signedIn('admin', { email: 'chief@example.com' });
    const { projectId } = await companyWithOpenProject(stack, admin.client, {
      company: { email: 'maya@bakery.example', fullName: 'Maya Nasser' },
    });
    const student = await stack.signedIn('student', { email: 'sami@example.com' });
    await applicationAt('submitted', { student: student.client, projectId });
    const mail = await stack.waitForMail('maya@bakery.example', /New applicant/);
    const link = /href="([^"]*\/unsubscribe\?token=[^"]+)"/.exec(mail.html || '')?.[1]?.replace(/&amp;/g, '&');
    expect(link).toBeDefined();

    // Signed out, as from a mail app: opening the link changes nothing; the button does.
    const page = await newPage();
    await page.goto(link ?? '');
    // (The address is isolated with Unicode's first-strong marks, to keep its direction in Arabic.)
    await page.getByText(/^Stop emails about applications to \u2068m\*\*\*@bakery\.example\u2069\?$/).waitFor();
    await shot(page, 'frictions-unsubscribe');
    expect(
      (await stack.sql<{ email_off: string[] }>(`select email_off from users where email = 'maya@bakery.example'`))[0]?.email_off,
    ).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText(/Done: no more emails about applications/).waitFor();
    expect(
      (await stack.sql<{ email_off: string[] }>(`select email_off from users where email = 'maya@bakery.example'`))[0]?.email_off,
    ).toEqual(['applications']);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('You will get emails about applications again.').waitFor();

    // Settings: each kind on its own, under the switch for all of them.
    const settings = await newPage('en', { email: 'maya@bakery.example', password: 'secret-pass-1' });
    await settings.goto(`${stack.url}/dashboard/settings`);
    const form = settings.getByRole('form', { name: 'Profile', exact: true });
    await form.getByRole('checkbox', { name: /^New messages/ }).uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Your changes are saved.').waitFor();
    await shot(settings, 'frictions-settings-email-kinds');
    expect(
      (await stack.sql<{ email_off: string[] }>(`select email_off from users where email = 'maya@bakery.example'`))[0]?.email_off,
    ).toEqual(['messages']);
  });

  it('a final decision waits with Undo, closing and withdrawing ask once, and an empty filtered list offers the way back', async () => {
    const admin = await stack.signedIn('admin', { email: 'head@example.com' });
    const { projectId } = await companyWithOpenProject(stack, admin.client, {
      company: { email: 'dana@studio.example', fullName: 'Dana Aziz' },
      project: { title: 'Packaging design for a soap maker' },
    });
    const student = await stack.signedIn('student', { email: 'yara@example.com', fullName: 'Yara Khalil' });
    const applicationId = await applicationAt('submitted', { student: student.client, projectId });
    const statusOf = async () =>
      (await stack.sql<{ status: string }>(`select status from applications where id = $1`, [applicationId]))[0]?.status;
    const projectStatus = async () =>
      (await stack.sql<{ status: string }>(`select status from projects where id = $1`, [projectId]))[0]?.status;

    const company = await newPage('en', { email: 'dana@studio.example', password: 'secret-pass-1' });
    await company.goto(`${stack.url}/dashboard/view-projects?project=${projectId}`);
    const applicant = company.getByTestId('applicant').filter({ hasText: 'Yara Khalil' });
    await applicant.getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'Not selected' });
    await applicant.getByRole('button', { name: 'Update' }).click();
    const deciding = applicant.getByTestId('deciding');
    await deciding.getByText(/Marking Yara Khalil as not selected in 5 seconds/).waitFor();
    await shot(company, 'frictions-undo-decision');
    // Undo has the focus: Enter takes the decision back, and nothing is sent, even after the wait.
    await company.keyboard.press('Enter');
    await deciding.waitFor({ state: 'detached' });
    await new Promise((r) => setTimeout(r, 5500));
    expect(await statusOf()).toBe('submitted');

    // Closing asks once, saying what happens; Cancel leaves the project open.
    await company.getByRole('button', { name: 'Close project' }).click();
    const closing = company.getByRole('dialog', { name: 'Close this project?' });
    await closing.getByText(/only an admin can reopen the project/).waitFor();
    await company.waitForTimeout(300); // the dialog's fade-in, for the picture
    await shot(company, 'frictions-close-dialog');
    await closing.getByRole('button', { name: 'Cancel' }).click();
    await closing.waitFor({ state: 'detached' });
    expect(await projectStatus()).toBe('open');

    // A status with no applicant offers to show them all again.
    await company.getByRole('combobox', { name: 'Applicant status' }).selectOption({ label: 'Withdrawn' });
    await company.getByText('No applicant has this status.').waitFor();
    await company.getByRole('button', { name: 'Show all statuses' }).click();
    await applicant.waitFor();

    // The student: withdrawing asks once; a search that finds nothing can be cleared.
    const yara = await newPage('en', { email: 'yara@example.com', password: 'secret-pass-1' }, 'phone');
    await yara.goto(`${stack.url}/dashboard/my-applications`);
    await yara.getByRole('button', { name: 'Withdraw' }).click();
    const withdrawing = yara.getByRole('dialog', { name: 'Withdraw this application?' });
    await withdrawing.getByText(/your conversation with them closes/).waitFor();
    await yara.waitForTimeout(300); // the dialog's fade-in, for the picture
    await shot(yara, 'frictions-withdraw-dialog');
    await withdrawing.getByRole('button', { name: 'Cancel' }).click();
    expect(await statusOf()).toBe('submitted');
    await yara.goto(`${stack.url}/dashboard/browse-projects?q=zzqxv`);
    await yara.getByText('No open projects match. Try fewer filters or another search.').waitFor();
    await yara.getByRole('button', { name: 'Clear the search' }).click();
    await yara.getByText('Packaging design for a soap maker').first().waitFor();
    expect(new URL(yara.url()).searchParams.has('q')).toBe(false);

    // The admin's projects: a search that finds nothing offers to clear it.
    const head = await newPage('en', { email: 'head@example.com', password: 'secret-pass-1' });
    await head.goto(`${stack.url}/dashboard/projects?q=zzqxv`);
    await head.getByText('No project matches this search and these filters.').waitFor();
    await shot(head, 'frictions-admin-projects-empty');
    await head.getByRole('button', { name: 'Clear the search and filters' }).click();
    await head.getByText('Packaging design for a soap maker').first().waitFor();
  });
});
