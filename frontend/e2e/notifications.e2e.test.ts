import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, shot, signInPage } from './support.ts';
import { Stack } from './stack.ts';
import { eventually } from '../../backend/test/support/eventually.ts';
import type { HttpClient } from '../../backend/test/support/http-client.ts';
import { applicationAt, companyWithOpenProject, PASSWORD } from '../../backend/test/support/shared-factories.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10_000, 65), Buffer.from('\n%%EOF\n')]);

const bell = (page: Page, unread: number) =>
  page.getByRole('link', { name: unread ? `Notifications, ${String(unread)} unread` : 'Notifications', exact: true }).waitFor();

describe('notifications in Chromium: the bell counts live, the list opens what happened', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: HttpClient;
  let companyApi: HttpClient;
  let projectId: string;
  let studentId: string;

  /** How many of `who`'s notifications are unread. */
  const unread = async (who: HttpClient) => (await who.get('/api/notifications/unread')).json<{ unread: number }>().unread;

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
    admin = (await stack.signedIn('admin', { email: 'chief@mashrou.test', fullName: 'Chief' })).client;
    const hala = await companyWithOpenProject(stack, admin, {
      company: { email: 'hala@olive.io', fullName: 'Hala Saab', companyName: 'Olive Tech' },
      project: {
        title: 'Translate an onboarding guide',
        description: 'Translate a ten-page onboarding guide from English to Arabic and check the terms with us.',
        skills: ['Translation'],
        durationWeeks: 2,
        weeklyHours: 6,
      },
    });
    ({ projectId } = hala);
    companyApi = hala.company.client;
    // The company has read that its project is live: its bell starts at 0.
    await eventually(async () => (await unread(companyApi)) === 1);
    expect((await companyApi.post('/api/notifications/read-all')).json()).toEqual({ unread: 0 });
    studentId = (await stack.createUser('student', 'sami@example.com', 'Sami Khoury')).id;
    await stack.createUser('student', 'nour@example.com', 'Nour Aziz');
  });
  afterAll(async () => {
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  it('an invitation rings the open tab, opens the project with Apply; the company hears of the application; all read at once', async () => {
    const student = await signInPage(browser, stack.url, 'sami@example.com');
    await bell(student, 0);

    // An admin invites the student while their dashboard is open: the count arrives without a reload.
    expect((await admin.post('/api/admin/recruitment/invitations', { projectId, studentId })).statusCode).toBe(201);
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
    const [app] = await stack.sql<{ id: string }>(`select id from applications where project_id = $1`, [projectId]);
    for (const status of ['under_review', 'shortlisted'])
      expect((await companyApi.patch(`/api/applications/${app?.id ?? ''}/status`, { status })).statusCode).toBe(200);
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
    const [app] = await stack.sql<{ id: string }>(`select id from applications where project_id = $1`, [projectId]);
    expect((await companyApi.patch(`/api/applications/${app?.id ?? ''}/status`, { status: 'accepted' })).statusCode).toBe(200);
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
    await applicationAt('rejected', {
      student: await stack.signIn('nour@example.com'),
      projectId,
      company: companyApi,
      motivation: 'I studied translation and I would love to help with the guide.',
    });
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
    const omar = await companyWithOpenProject(stack, admin, {
      company: { email: 'omar@cedar.io', fullName: 'Omar Fares', companyName: 'Cedar Labs' },
      project: {
        title: 'Map bakeries in Beirut',
        description: 'Visit and map forty bakeries in Beirut with their opening hours and what they sell.',
        skills: ['Research'],
        durationWeeks: 3,
        weeklyHours: 5,
      },
    });
    const rami = await stack.signedIn('student', { email: 'rami@example.com', fullName: 'Rami Haddad' });
    await applicationAt('submitted', {
      student: rami.client,
      projectId: omar.projectId,
      motivation: 'I walk past most of these bakeries every week and love maps.',
    });
    expect((await omar.company.client.post('/api/me/delete', { password: PASSWORD })).statusCode).toBeLessThan(300);

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
