import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, shot, signInPage } from './support.ts';
import { Stack } from './stack.ts';
import { companyWithOpenProject } from '../../backend/test/support/shared-factories.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20_000, 65), Buffer.from('\n%%EOF\n')]);

describe('profiles in Chromium: a student and a company fill theirs in, and each reads the other where they meet', () => {
  let stack: Stack;
  let browser: Browser;
  let projectId: string;

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
    const admin = await stack.signedIn('admin');
    ({ projectId } = await companyWithOpenProject(stack, admin.client, {
      company: { email: 'rana@cedar.io', fullName: 'Rana Aoun', companyName: 'Cedar Labs' },
      project: {
        title: 'Usability tests for a banking app',
        description: 'Run five usability sessions with students and write up what confused them.',
        skills: ['Research'],
        durationWeeks: 4,
        weeklyHours: 8,
      },
    }));
    await stack.createUser('student', 'karim@example.com', 'Karim Nasser');
  });
  afterAll(async () => {
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  it('the company describes itself; students read it on the project page', async () => {
    const company = await signInPage(browser, stack.url, 'rana@cedar.io');
    await company.goto(`${stack.url}/dashboard/settings`);
    const form = company.getByRole('form', { name: 'Company profile' });
    await form.getByLabel('About the company').fill('We design banking apps for the Levant. <b>Not bold</b>');
    await form.getByLabel('Website').fill('javascript:alert(1)');
    await form.getByLabel('Location').fill('Beirut, Lebanon');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a web address, e.g. https://example.com').waitFor();
    await form.getByLabel('Website').fill('https://cedar.example.com');
    await form.getByRole('combobox', { name: 'Company size' }).click();
    await company.getByRole('option', { name: '11–50 people' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Your changes are saved.' }).waitFor();
    await shot(company, 'profile-company-settings');
    // Saved: a reload shows it.
    await company.reload();
    expect(await company.getByRole('form', { name: 'Company profile' }).getByLabel('Location').inputValue()).toBe(
      'Beirut, Lebanon',
    );
  });

  it('the student fills in the profile with a CV; applying attaches it; the company reads the bio and the CV', async () => {
    const student = await signInPage(browser, stack.url, 'karim@example.com');
    await student.getByRole('link', { name: 'Edit profile' }).click();
    await student.waitForURL(`${stack.url}/dashboard/settings`);
    const form = student.getByRole('form', { name: 'Student profile' });
    await form.getByLabel('School / University').fill('Lebanese American University');
    await form.getByRole('combobox', { name: 'Graduation Year' }).click();
    await student.getByRole('option', { name: String(new Date().getFullYear() + 1) }).click();
    await form.getByLabel('LinkedIn Profile URL (optional)').fill('https://www.linkedin.com/in/karim-nasser');
    await form.getByLabel('About you').fill('Fourth-year design student; I ran usability tests for two startups.');
    // Skills come with the assessment.
    await form.getByRole('link', { name: 'Take the assessment' }).waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Your changes are saved.' }).waitFor();

    const cv = student.getByTestId('profile-cv');
    await cv.locator('input[type=file]').setInputFiles({ name: 'Karim CV.pdf', mimeType: 'application/pdf', buffer: PDF });
    await cv.getByRole('status').filter({ hasText: 'Your CV is saved on your profile.' }).waitFor();
    await cv.getByTestId('cv-name').filter({ hasText: 'Karim CV.pdf' }).waitFor();
    await shot(student, 'profile-student-settings');

    await student.goto(`${stack.url}/dashboard/browse-projects?project=${projectId}`);
    const about = student.getByTestId('company-about');
    await about.getByRole('heading', { name: 'About Cedar Labs' }).waitFor();
    await about.getByText('We design banking apps for the Levant. <b>Not bold</b>').waitFor();
    await about.getByText('Beirut, Lebanon · 11–50 people').waitFor();
    expect(await about.getByRole('link', { name: 'cedar.example.com' }).getAttribute('href')).toBe('https://cedar.example.com');
    // The profile CV is attached to start with.
    await student.getByTestId('cv-name').filter({ hasText: 'Karim CV.pdf (from your profile)' }).waitFor();
    await student
      .getByLabel('Why are you a good fit?')
      .fill('I have run usability sessions before and write short clear reports.');
    await shot(student, 'profile-apply');
    await student.getByRole('button', { name: 'Send application' }).click();
    await student.getByRole('status').filter({ hasText: 'Application sent' }).waitFor();

    const company = await signInPage(browser, stack.url, 'rana@cedar.io');
    await company.goto(`${stack.url}/dashboard/view-projects?project=${projectId}`);
    const card = company.getByTestId('applicant').filter({ hasText: 'Karim Nasser' });
    await card.getByTestId('applicant-bio').filter({ hasText: 'Fourth-year design student' }).waitFor();
    await card.getByText('Lebanese American University').waitFor();
    await card.getByTestId('open-cv').waitFor();
    await shot(company, 'profile-applicant');
  });

  it('the student removes the CV from the profile; the next application starts without one', async () => {
    const student = await signInPage(browser, stack.url, 'karim@example.com');
    await student.goto(`${stack.url}/dashboard/settings`);
    const cv = student.getByTestId('profile-cv');
    await cv.getByRole('button', { name: 'Remove' }).click();
    await student
      .getByRole('dialog', { name: 'Remove your CV from your profile?' })
      .getByRole('button', { name: 'Remove CV' })
      .click();
    await cv.getByRole('status').filter({ hasText: 'Your CV was removed from your profile.' }).waitFor();
    await cv.getByText(/Kept on your profile/).waitFor();
  });
});
