import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, shot, signInPage } from './support.ts';
import { Stack } from './stack.ts';

describe('marketplace journey in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
    await stack.createUser('startup', 'omar@souk.io', 'Omar Khalil');
    await stack.createUser('student', 'layla@example.com', 'Layla Haddad');
    stack.cli('admin-create', ['--email', 'boss@mashrou.test', '--name', 'Boss'], { MASHROU_ADMIN_PASSWORD: 'admin-pass-1' });
  });
  afterAll(async () => {
    // Either may be missing when beforeAll failed part-way.
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  const as = (email: string, password?: string) => signInPage(browser, stack.url, email, password);

  async function createProject(page: Page, title: string, extra: { remote?: boolean } = {}) {
    await page.goto(`${stack.url}/dashboard/create-project`);
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('Interview small shop owners about how they take payments, then write a short report.');
    await page.getByRole('combobox', { name: 'Skills' }).fill('Market research');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Responsibilities' }).fill('Run interviews\nWrite the report');
    if (!extra.remote) {
      await page.getByText('Hybrid').click();
      await page.getByRole('textbox', { name: 'Location' }).fill('Amman');
    }
    await page.getByRole('switch', { name: 'Paid project' }).click({ force: true });
    await page.getByLabel('Monthly stipend (USD, optional)').fill('300');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByText('Your project was submitted').waitFor();
  }

  it('company posts → admin approves → student finds, applies → company shortlists with a note → student sees it and gets the email; withdraws another', async () => {
    const company = await as('omar@souk.io');
    await createProject(company, 'Fintech market research in Amman');
    await shot(company, 'market-create');
    await createProject(company, 'Social media plan for a bakery', { remote: true });
    await company.goto(`${stack.url}/dashboard/view-projects`);
    await company
      .getByTestId('company-project')
      .filter({ hasText: 'Fintech market research' })
      .getByText('Awaiting review')
      .waitFor();

    // Hostile text in a title is shown as text, never run, wherever it appears.
    const hostile = '<img src=x onerror="window.__xss=1">Design sprint';
    await createProject(company, hostile, { remote: true });

    const admin = await as('boss@mashrou.test', 'admin-pass-1');
    const evil = admin.getByTestId('pending-project').filter({ hasText: hostile });
    await evil.waitFor();
    expect(await admin.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await shot(admin, 'market-admin');
    await evil.getByLabel('Reason (required to reject)').fill('Please use a plain title.');
    await evil.getByRole('button', { name: 'Reject' }).click();
    await evil.waitFor({ state: 'detached' });
    for (const title of ['Fintech market research in Amman', 'Social media plan for a bakery']) {
      const card = admin.getByTestId('pending-project').filter({ hasText: title });
      await card.getByRole('button', { name: 'Approve' }).click();
      await card.waitFor({ state: 'detached' });
    }
    await stack.waitForMail('omar@souk.io', /is live/);

    const student = await as('layla@example.com');
    await student.goto(`${stack.url}/dashboard/browse-projects`);
    await student.getByLabel('Search projects').fill('fintech');
    await student.getByRole('button', { name: 'Search projects' }).click();
    await student.getByText('1 project', { exact: true }).waitFor();
    await student.getByTestId('project-card').filter({ hasText: 'Fintech market research' }).waitFor();
    expect(await student.getByTestId('project-card').count()).toBe(1);
    await student.goto(`${stack.url}/dashboard/browse-projects?mode=remote`);
    await student.getByTestId('project-card').filter({ hasText: 'Social media plan' }).waitFor();
    expect(await student.getByTestId('project-card').filter({ hasText: 'Fintech' }).count()).toBe(0);
    await shot(student, 'market-browse');

    for (const title of ['Fintech market research in Amman', 'Social media plan for a bakery']) {
      await student.goto(`${stack.url}/dashboard/browse-projects`);
      await student.getByTestId('project-card').filter({ hasText: title }).getByRole('button', { name: 'View' }).click();
      await student
        .getByLabel('Why are you a good fit?')
        .fill('I surveyed 50 shops for my thesis and I speak Arabic and English.');
      if (title.startsWith('Fintech')) {
        // A CV that is not a PDF is refused by its bytes; a real PDF uploads with progress.
        await student
          .locator('input[type=file]')
          .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
        await student.getByText('Only PDF files can be uploaded.').waitFor();
        const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(50_000, 65), Buffer.from('\n%%EOF\n')]);
        await student
          .locator('input[type=file]')
          .setInputFiles({ name: 'Layla CV.pdf', mimeType: 'application/pdf', buffer: pdf });
        await student.getByTestId('cv-name').filter({ hasText: 'Layla CV.pdf' }).waitFor();
      }
      await student.getByRole('button', { name: 'Send application' }).click();
      await student.getByText(/You applied on/).waitFor();
      // A confirmation that takes focus and says where to follow the application.
      const sent = student.getByRole('status').filter({ hasText: 'Application sent' });
      await sent.waitFor();
      expect(await student.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Application sent');
      await sent.getByRole('link', { name: 'Follow it in My Applications' }).waitFor();
    }
    await shot(student, 'market-project');
    await stack.waitForMail('omar@souk.io', /New applicant for "Fintech/);

    await company.goto(`${stack.url}/dashboard/view-projects`);
    await company
      .getByTestId('company-project')
      .filter({ hasText: 'Fintech market research' })
      .getByRole('button', { name: 'Open' })
      .click();
    const applicant = company.getByTestId('applicant').filter({ hasText: 'Layla Haddad' });
    await applicant.getByText('I surveyed 50 shops').waitFor();
    const cvHref = await applicant.getByTestId('open-cv').getAttribute('href');
    const cv = await company.request.get(`${stack.url}${cvHref}`);
    expect(cv.status()).toBe(200);
    expect(cv.headers()['content-disposition']).toMatch(/^attachment/);
    expect((await cv.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const [download] = await Promise.all([company.waitForEvent('download'), applicant.getByTestId('open-cv').click()]);
    expect(download.suggestedFilename()).toBe('Layla Haddad CV.pdf');
    await applicant.getByRole('combobox', { name: 'Move to' }).click();
    await company.getByRole('option', { name: 'Shortlisted' }).click();
    await applicant.getByLabel('Note to the student (optional)').fill('Great fit — we will call you on Sunday.');
    await applicant.getByRole('button', { name: 'Update' }).click();
    await applicant.getByText('Shortlisted').waitFor();
    await shot(company, 'market-applicants');

    await student.goto(`${stack.url}/dashboard/my-applications`);
    const mine = student.getByTestId('my-application').filter({ hasText: 'Fintech market research' });
    await mine.getByText('Shortlisted').waitFor();
    await mine.getByText('Great fit — we will call you on Sunday.').waitFor();
    const mail = await stack.waitForMail('layla@example.com', /was shortlisted/);
    expect(mail.text).toContain('Great fit');

    const other = student.getByTestId('my-application').filter({ hasText: 'Social media plan' });
    await other.getByRole('button', { name: 'Withdraw' }).click();
    await other.getByText('Withdrawn').waitFor();
    await other.getByText('You withdrew this application: the company no longer needs to answer it.').waitFor();
    await shot(student, 'market-my-applications');

    // One status at a time, kept in the address; each application opens its project.
    await student.getByRole('combobox', { name: 'Status' }).click();
    await student.getByRole('option', { name: 'Shortlisted' }).click();
    await student.waitForURL(/status=shortlisted/);
    await student.getByTestId('my-application').filter({ hasText: 'Social media plan' }).waitFor({ state: 'detached' });
    const shortlisted = student.getByTestId('my-application').filter({ hasText: 'Fintech market research' });
    await shortlisted.getByText('You are on the shortlist: the company may contact you for a next step.').waitFor();
    await shortlisted.getByRole('link', { name: 'Fintech market research' }).click();
    await student.getByRole('heading', { name: 'Fintech market research' }).waitFor();
    await student.getByText(/You applied on/).waitFor();

    // Accepted: the company now sees how to reach the student (not before).
    await expect(applicant.getByTestId('applicant-contact').count()).resolves.toBe(0);
    await applicant.getByRole('combobox', { name: 'Move to' }).click();
    await company.getByRole('option', { name: 'Accepted' }).click();
    await applicant.getByRole('button', { name: 'Update' }).click();
    await applicant.getByTestId('applicant-contact').getByRole('link', { name: 'layla@example.com' }).waitFor();
    await shot(company, 'market-accepted');
    const accepted = await stack.waitForMail('layla@example.com', /was accepted/);
    expect(accepted.text).toContain('omar@souk.io');
  });
});
