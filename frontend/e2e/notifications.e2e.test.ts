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
    return res.json() as Promise<Record<string, unknown>>;
  };
}

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
    stack.cli('admin-create', ['--email', 'chief@mashrou.test', '--name', 'Chief'], { MASHROU_ADMIN_PASSWORD: 'admin-pass-1' });
    const [company] = await stack.sql<{ id: string }>(`select id from users where email = 'hala@olive.io'`);
    const [student] = await stack.sql<{ id: string }>(`select id from users where email = 'sami@example.com'`);
    studentId = student?.id ?? '';
    const [row] = await stack.sql<{ id: string }>(
      `insert into projects (id, company_id, company_name, title, description, skills, duration_weeks, weekly_hours, work_mode, status)
       values (gen_random_uuid(), $1, 'Olive Tech', 'Translate an onboarding guide',
               'Translate a ten-page onboarding guide from English to Arabic and check the terms with us.', '{Translation}', 2, 6, 'remote', 'open')
       returning id`,
      [company?.id],
    );
    projectId = row?.id ?? '';
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
    await company.getByTestId('applicant').filter({ hasText: 'Sami Khoury' }).waitFor();

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
});
