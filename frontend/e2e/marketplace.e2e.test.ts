import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, live, shot, signInPage } from './support.ts';
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
    // Rejecting says what happens and waits, with Undo; sent at once on request.
    await evil
      .getByTestId('rejecting')
      .getByText(/Sending it back in 5 seconds/)
      .waitFor();
    await evil.getByRole('button', { name: 'Send back now' }).click();
    await evil.waitFor({ state: 'detached' });
    for (const title of ['Fintech market research in Amman', 'Social media plan for a bakery']) {
      const card = admin.getByTestId('pending-project').filter({ hasText: title });
      await card.getByRole('button', { name: 'Approve' }).click();
      await card.getByRole('button', { name: 'Approve now' }).click();
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
    // The filters are the browser's own selects: each shows the address's value, and Any takes it off.
    const mode = student.getByRole('combobox', { name: 'Work mode' });
    await live(student);
    await expect.poll(() => mode.locator('option:checked').textContent()).toBe('Remote');
    await mode.selectOption({ label: 'Any' });
    await student.waitForURL((url) => !url.searchParams.has('mode'));
    await student.getByTestId('project-card').filter({ hasText: 'Fintech' }).waitFor();
    // A length no option names (an older link) is shown as chosen, and can be taken off.
    await student.goto(`${stack.url}/dashboard/browse-projects?maxWeeks=6`);
    const length = student.getByRole('combobox', { name: 'Up to' });
    await live(student);
    await expect.poll(() => length.locator('option:checked').textContent()).toBe('6 weeks');
    await length.selectOption({ label: 'Any length' });
    await student.waitForURL((url) => !url.searchParams.has('maxWeeks'));

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
      .getByRole('button', { name: 'View details' })
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
    await applicant.getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'Shortlisted' });
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
    const asked = student.getByRole('dialog', { name: 'Withdraw this application?' });
    await asked.getByText(/The company is told that you withdrew from “Social media plan for a bakery”/).waitFor();
    await asked.getByRole('button', { name: 'Withdraw application' }).click();
    await other.getByText('Withdrawn').waitFor();
    await other.getByText('You withdrew this application: the company no longer needs to answer it.').waitFor();
    await shot(student, 'market-my-applications');

    // One status at a time, kept in the address; each application opens its project.
    await student.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Shortlisted' });
    await student.waitForURL(/status=shortlisted/);
    await student.getByTestId('my-application').filter({ hasText: 'Social media plan' }).waitFor({ state: 'detached' });
    const shortlisted = student.getByTestId('my-application').filter({ hasText: 'Fintech market research' });
    await shortlisted.getByText('You are on the shortlist: the company may contact you for a next step.').waitFor();
    await shortlisted.getByRole('link', { name: 'Fintech market research' }).click();
    await student.getByRole('heading', { name: 'Fintech market research' }).waitFor();
    await student.getByText(/You applied on/).waitFor();

    // Accepted: the company now sees how to reach the student (not before).
    await expect(applicant.getByTestId('applicant-contact').count()).resolves.toBe(0);
    await applicant.getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'Accepted' });
    await applicant.getByRole('button', { name: 'Update' }).click();
    // A final decision waits a few seconds with Undo, saying what happens.
    await applicant
      .getByTestId('deciding')
      .getByText(/Accepting Layla Haddad in 5 seconds/)
      .waitFor();
    await applicant.getByRole('button', { name: 'Send now' }).click();
    await applicant.getByTestId('applicant-contact').getByRole('link', { name: 'layla@example.com' }).waitFor();
    await shot(company, 'market-accepted');
    const accepted = await stack.waitForMail('layla@example.com', /was accepted/);
    expect(accepted.text).toContain('omar@souk.io');
  });
  it('the company pages and filters its projects, and filters, sorts and pages a project’s applicants, all kept in the address', async () => {
    const [fintech] = await stack.sql<{ id: string }>(`select id from projects where title = 'Fintech market research in Amman'`);
    // Nine older closed projects (12 in all: two pages of 10) and eleven older applicants to the
    // fintech project (12 with Layla), "Applicant NN" scoring NN × 8 (Applicant 05 and Layla took no assessment).
    await stack.sql(`
      insert into projects (id, company_id, company_name, title, description, requirements, skills, responsibilities,
                            qualifications, duration_weeks, weekly_hours, work_mode, paid, status, created_at, updated_at)
      select gen_random_uuid(), company_id, company_name, 'Archived project ' || lpad(i::text, 2, '0'), description, requirements,
             skills, responsibilities, qualifications, duration_weeks, weekly_hours, 'remote', false, 'closed',
             now() - interval '2 days' + i * interval '1 minute', now()
        from projects, generate_series(1, 9) i where title = 'Social media plan for a bakery'`);
    await stack.sql(
      `with s as (
         insert into users (id, email, email_normalized, password_hash, full_name, user_type, email_verified_at, onboarding_complete)
         select gen_random_uuid(), 'applicant' || i || '@example.com', 'applicant' || i || '@example.com', 'unused',
                'Applicant ' || lpad(i::text, 2, '0'), 'student', now(), true
           from generate_series(1, 11) i
         returning id, right(full_name, 2)::int as n
       ), a as (
         insert into assessments (id, user_id, version, answers, scores, overall, skills, completed_at)
         select gen_random_uuid(), s.id, 1, '{}', '{}', s.n * 8, '{}', now() from s where s.n <> 5
       )
       insert into applications (id, project_id, student_id, project_title, motivation, status, created_at, updated_at)
       select gen_random_uuid(), $1, s.id, 'Fintech market research in Amman',
              'I would like to help with the interviews and the report.', 'submitted',
              now() - interval '1 day' + s.n * interval '1 minute', now() from s`,
      [fintech!.id],
    );

    const company = await as('omar@souk.io');
    await company.goto(`${stack.url}/dashboard/view-projects`);
    const projects = company.getByTestId('company-project');
    await projects.filter({ hasText: 'Archived project 03' }).waitFor();
    expect(await projects.count()).toBe(10);
    await company.getByRole('button', { name: '2', exact: true }).click();
    await company.waitForURL(/[?&]page=2/);
    await projects.filter({ hasText: 'Archived project 01' }).waitFor();
    await expect.poll(() => projects.count()).toBe(2);

    // A status filter starts again from the first page; one that matches nothing says so.
    const projectStatus = company.getByRole('combobox', { name: 'Status' });
    await projectStatus.selectOption({ label: 'Needs changes' });
    await company.waitForURL(/status=rejected/);
    expect(company.url()).not.toMatch(/page=/);
    await projects.filter({ hasText: 'Design sprint' }).waitFor();
    await expect.poll(() => projects.count()).toBe(1);
    await shot(company, 'market-projects-filtered');
    await projectStatus.selectOption({ label: 'Awaiting review' });
    await company.getByText('No project has this status.').waitFor();
    await projectStatus.selectOption({ label: 'Open' });
    await company.waitForURL(/status=open/);
    await projects.filter({ hasText: 'Fintech market research' }).getByRole('button', { name: 'View details' }).click();

    // The applicants: newest first, ten a page.
    await company.getByRole('heading', { name: '12 applicants' }).waitFor();
    const cards = company.getByTestId('applicant');
    const names = () => cards.evaluateAll((els) => els.map((e) => e.querySelector('p')?.textContent ?? ''));
    await expect
      .poll(names)
      .toEqual(['Layla Haddad', ...[11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Applicant ${String(n).padStart(2, '0')}`)]);

    // Best assessment first; without one last (the newest first).
    await company.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Assessment score' });
    await company.waitForURL(/sort=score/);
    await expect.poll(names).toEqual([11, 10, 9, 8, 7, 6, 4, 3, 2, 1].map((n) => `Applicant ${String(n).padStart(2, '0')}`));
    await cards.first().getByText('Assessment 88%').waitFor();
    await shot(company, 'market-applicants-by-score');
    await company.getByRole('button', { name: '2', exact: true }).click();
    await company.waitForURL(/applicantPage=2/);
    await expect.poll(names).toEqual(['Layla Haddad', 'Applicant 05']);

    // Another order or filter starts again from the first page.
    await company.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Oldest' });
    await expect.poll(() => names().then((n) => n[0])).toBe('Applicant 01');
    expect(company.url()).not.toMatch(/applicantPage/);
    await company.getByRole('combobox', { name: 'Applicant status' }).selectOption({ label: 'Accepted' });
    await company.waitForURL(/applicantStatus=accepted/);
    await expect.poll(names).toEqual(['Layla Haddad']);
    await company.getByRole('heading', { name: '1 applicant' }).waitFor();
    await company.getByRole('combobox', { name: 'Applicant status' }).selectOption({ label: 'Withdrawn' });
    await company.getByText('No applicant has this status.').waitFor();

    // A reload shows the same list; back to the projects as they were filtered.
    await company.reload();
    await company.getByText('No applicant has this status.').waitFor();
    await expect
      .poll(() => company.getByRole('combobox', { name: 'Applicant status' }).locator('option:checked').textContent())
      .toBe('Withdrawn');
    await company.getByRole('button', { name: 'All projects' }).click();
    await projects.filter({ hasText: 'Social media plan' }).waitFor();
    expect(new URL(company.url()).search).toBe('?status=open');
    await expect.poll(() => projects.count()).toBe(2);
  });
});
