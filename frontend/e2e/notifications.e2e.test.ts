import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, shot, signInPage } from './support.ts';
import { Stack } from './stack.ts';

/** The api as one signed-in person, outside the browser (what another person does meanwhile). */
async function apiAs(url: string, email: string, password = 'secret-pass-1') {
  const signIn = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'mashrou' },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${String(signIn.status)}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { cookie, 'x-requested-with': 'mashrou', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${String(res.status)} ${await res.text()}`);
    return (res.status === 204 ? {} : res.json()) as Promise<Record<string, unknown>>;
  };
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10_000, 65), Buffer.from('\n%%EOF\n')]);

const bell = (page: Page, unread: number) =>
  page.getByRole('link', { name: unread ? `Notifications, ${String(unread)} unread` : 'Notifications', exact: true }).waitFor();

describe('notifications in Chromium: the bell counts live, the list opens what happened', () => {
  let stack: Stack;
  let browser: Browser;
  let projectId: string;
  let studentId: string;

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
    await stack.createUser('startup', 'hala@olive.io', 'Hala Saab');
    await stack.createUser('student', 'sami@example.com', 'Sami Khoury');
    await stack.createUser('student', 'nour@example.com', 'Nour Aziz');
    stack.cli('admin-create', ['--email', 'chief@mashrou.test', '--name', 'Chief'], { MASHROU_ADMIN_PASSWORD: 'admin-pass-1' });
    const [student] = await stack.sql<{ id: string }>(`select id from users where email = 'sami@example.com'`);
    studentId = student?.id ?? '';
    projectId = await stack.openProject('hala@olive.io', {
      companyName: 'Olive Tech',
      title: 'Translate an onboarding guide',
      description: 'Translate a ten-page onboarding guide from English to Arabic and check the terms with us.',
      skill: 'Translation',
      weeks: 2,
      hours: 6,
    });
  });
  afterAll(async () => {
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  it('an invitation rings the open tab, opens the project with Apply; the company hears of the application; all read at once', async () => {
    const student = await signInPage(browser, stack.url, 'sami@example.com');
    await bell(student, 0);

    // An admin invites the student while their dashboard is open: the count arrives without a reload.
    const admin = await apiAs(stack.url, 'chief@mashrou.test', 'admin-pass-1');
    await admin('POST', '/admin/recruitment/invitations', { projectId, studentId });
    await bell(student, 1);
    await shot(student, 'notifications-bell');

    await student.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await student.waitForURL(`${stack.url}/dashboard/notifications`);
    const invite = student
      .getByTestId('notification')
      .filter({ hasText: 'Olive Tech invites you to apply to “Translate an onboarding guide”.' });
    await invite.getByText('New').waitFor();
    await shot(student, 'notifications-list');
    await invite.getByRole('button').click();
    await student.waitForURL(/browse-projects\?project=/);
    await student.getByRole('button', { name: 'Send application' }).waitFor();
    await bell(student, 0);

    // The CV kept on the profile is attached to start with.
    await student.goto(`${stack.url}/dashboard/settings`);
    await student
      .getByTestId('profile-cv')
      .locator('input[type=file]')
      .setInputFiles({ name: 'Sami CV.pdf', mimeType: 'application/pdf', buffer: PDF });
    await student.getByTestId('profile-cv').getByRole('status').waitFor();
    await student.goto(`${stack.url}/dashboard/browse-projects?project=${projectId}`);
    await student.getByTestId('cv-name').filter({ hasText: 'Sami CV.pdf (from your profile)' }).waitFor();

    const company = await signInPage(browser, stack.url, 'hala@olive.io');
    await bell(company, 0);
    await student
      .getByLabel('Why are you a good fit?')
      .fill('I translate for my university newsletter every week, English to Arabic.');
    await student.getByRole('button', { name: 'Send application' }).click();
    await student.getByRole('status').filter({ hasText: 'Application sent' }).waitFor();
    await bell(company, 1);
    await company.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await company
      .getByTestId('notification')
      .filter({ hasText: 'Sami Khoury applied to “Translate an onboarding guide”.' })
      .getByRole('button')
      .click();
    await company.waitForURL(/view-projects\?project=/);
    await company.getByTestId('applicant').filter({ hasText: 'Sami Khoury' }).getByTestId('open-cv').waitFor();

    // Two decisions later, the student marks everything read at once.
    const companyApi = await apiAs(stack.url, 'hala@olive.io');
    const [app] = await stack.sql<{ id: string }>(`select id from applications where project_id = $1`, [projectId]);
    await companyApi('PATCH', `/applications/${app?.id ?? ''}/status`, { status: 'under_review' });
    await companyApi('PATCH', `/applications/${app?.id ?? ''}/status`, { status: 'shortlisted' });
    await bell(student, 2);
    await student.goto(`${stack.url}/dashboard/notifications?filter=unread`);
    await student
      .getByTestId('notification')
      .filter({ hasText: 'Your application to “Translate an onboarding guide” is now: Shortlisted.' })
      .waitFor();
    await student.getByRole('button', { name: 'Mark all as read' }).click();
    await student.getByText('You have read everything.').waitFor();
    await bell(student, 0);
    expect(await student.getByTestId('notification').count()).toBe(0);
    await student.locator('label').filter({ hasText: /^All$/ }).click();
    await student.getByTestId('notification').first().waitFor();
    expect(await student.getByTestId('notification').count()).toBe(3);
  });

  it('the shortlisted student and the company talk on the application; accepted, the company sees the contact and both keep the history', async () => {
    const company = await signInPage(browser, stack.url, 'hala@olive.io');
    await company.goto(`${stack.url}/dashboard/view-projects?project=${projectId}`);
    const card = company.getByTestId('applicant').filter({ hasText: 'Sami Khoury' });
    await card.getByRole('button', { name: 'Messages' }).click();
    await card.getByText('No messages yet.').waitFor();
    await card.getByLabel('Write a message').fill('Could you start next Monday? <b>Plain text</b> please.');
    await card.getByRole('button', { name: 'Send' }).click();
    await card.getByTestId('message').filter({ hasText: 'Could you start next Monday? <b>Plain text</b> please.' }).waitFor();

    const student = await signInPage(browser, stack.url, 'sami@example.com');
    await bell(student, 1);
    await student.goto(`${stack.url}/dashboard/my-applications`);
    const mine = student.getByTestId('my-application').filter({ hasText: 'Translate an onboarding guide' });
    await mine.getByTestId('thread-unread').filter({ hasText: '1 new' }).waitFor();
    await mine.getByRole('button', { name: 'Messages' }).click();
    await mine.getByTestId('message').filter({ hasText: 'Olive Tech' }).waitFor();
    // Read in the conversation, the message is no longer news in the bell either.
    await bell(student, 0);
    await mine.getByLabel('Write a message').fill('Yes, Monday works for me.');
    await mine.getByRole('button', { name: 'Send' }).click();
    await mine.getByTestId('message').filter({ hasText: 'Yes, Monday works for me.' }).waitFor();
    await shot(student, 'messages-student');

    // The company reads the answer, accepts, and now sees how to reach the student.
    await company.reload();
    const again = company.getByTestId('applicant').filter({ hasText: 'Sami Khoury' });
    await again.getByTestId('thread-unread').waitFor();
    await again.getByRole('button', { name: 'Messages' }).click();
    await again.getByTestId('message').filter({ hasText: 'Yes, Monday works for me.' }).waitFor();
    const companyApi = await apiAs(stack.url, 'hala@olive.io');
    const [app] = await stack.sql<{ id: string }>(`select id from applications where project_id = $1`, [projectId]);
    await companyApi('PATCH', `/applications/${app?.id ?? ''}/status`, { status: 'accepted' });
    await company.reload();
    await company.getByTestId('applicant-contact').getByText('sami@example.com').waitFor();
    await shot(company, 'messages-company');

    await student.reload();
    const accepted = student.getByTestId('my-application').filter({ hasText: 'Translate an onboarding guide' });
    await accepted.getByText('Accepted', { exact: true }).waitFor();
    await accepted.getByRole('button', { name: 'Messages' }).click();
    await accepted.getByTestId('message').filter({ hasText: 'Yes, Monday works for me.' }).waitFor();
    expect(await accepted.getByTestId('message').count()).toBe(2);

    // Another applicant is not chosen: the decision reads "Not selected", in the bell and on the application.
    const nourApi = await apiAs(stack.url, 'nour@example.com');
    const nourApp = await nourApi('POST', `/marketplace/projects/${projectId}/apply`, {
      motivation: 'I studied translation and I would love to help with the guide.',
    });
    await companyApi('PATCH', `/applications/${String(nourApp.id)}/status`, { status: 'rejected' });
    const nour = await signInPage(browser, stack.url, 'nour@example.com');
    await bell(nour, 1);
    await nour.goto(`${stack.url}/dashboard/my-applications`);
    await nour.getByTestId('my-application').getByText('Not selected', { exact: true }).waitFor();
    await nour.goto(`${stack.url}/dashboard/notifications`);
    await nour
      .getByTestId('notification')
      .filter({ hasText: 'Your application to “Translate an onboarding guide” is now: Not selected.' })
      .waitFor();
  });

  it('a company that deletes its account leaves its waiting applicants a notice that leads to other projects', async () => {
    await stack.createUser('startup', 'omar@cedar.io', 'Omar Fares');
    await stack.createUser('student', 'rami@example.com', 'Rami Haddad');
    const bakeries = await stack.openProject('omar@cedar.io', {
      companyName: 'Cedar Labs',
      title: 'Map bakeries in Beirut',
      description: 'Visit and map forty bakeries in Beirut with their opening hours and what they sell.',
      skill: 'Research',
      weeks: 3,
      hours: 5,
    });
    const rami = await apiAs(stack.url, 'rami@example.com');
    await rami('POST', `/marketplace/projects/${bakeries}/apply`, {
      motivation: 'I walk past most of these bakeries every week and love maps.',
    });
    const omar = await apiAs(stack.url, 'omar@cedar.io');
    await omar('POST', '/me/delete', { password: 'secret-pass-1' });

    const student = await signInPage(browser, stack.url, 'rami@example.com');
    await bell(student, 1);
    await student.goto(`${stack.url}/dashboard/notifications`);
    const notice = student.getByTestId('notification').filter({
      hasText:
        'The company behind “Map bakeries in Beirut” has left Mashrou, so the project is closed and your application will not get an answer.',
    });
    await notice.getByText('New').waitFor();
    await shot(student, 'notifications-company-left');
    await notice.getByRole('button').click();
    await student.waitForURL(`${stack.url}/dashboard/browse-projects`);
    await bell(student, 0);
  });
});
