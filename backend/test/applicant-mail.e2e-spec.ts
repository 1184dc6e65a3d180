import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestEnv, eventually } from './support/env.js';
import { applicationAt, openProject, signedIn } from './support/factories.js';

/** The window after a company's mail about an applicant in which the next ones are gathered (15 min in production). */
const WINDOW_MS = 4000;

type Me = Awaited<ReturnType<typeof signedIn>>;

describe("a company's mails about new applicants: the first at once, then one summary per window", () => {
  const env = new TestEnv({ APPLICANT_MAIL_EVERY_MS: String(WINDOW_MS) });
  let api: NestFastifyApplication;
  let company: Me;
  let admin: Me;
  let students: Me[];
  let research: string;
  let design: string;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    await env.worker();
    [company, admin] = await Promise.all([signedIn(api, 'startup'), signedIn(api, 'admin')]);
    students = await Promise.all(
      [
        'Layla Haddad',
        'Karim Nassar',
        'Sara Odeh',
        'Omar Said',
        'Rana Aziz',
        'Yousef Ali',
        'Hala Mansour',
        'Sami Khoury',
        'Nour Saleh',
        'Lina Haddad',
        'Tariq Odeh',
        'Maya Nasser',
      ].map((fullName) => signedIn(api, 'student', { fullName })),
    );
    research = await openProject(company.client, admin.client, { title: 'Market research for a fintech app' });
    design = await openProject(company.client, admin.client, { title: 'Landing page redesign' });
  });
  afterAll(() => env.close());

  const single = () => env.smtp.to(company.user.email, /^New applicant for/);
  const summaries = () => env.smtp.to(company.user.email, /new applicants? for your projects/i);
  const bell = async () =>
    (await company.client.get('/api/notifications?pageSize=50')).json<{ items: { kind: string; studentName?: string }[] }>()
      .items;

  it('a busy morning: one mail at once, the bell hears of everyone, the rest in one summary naming those still applying', async () => {
    const student = (i: number) => students[i]!;
    await applicationAt('submitted', { student: student(0).client, projectId: research });
    await env.smtp.waitForMail(company.user.email, /^New applicant for "Market research/);

    // Four more within the window; one of them withdraws before the summary goes.
    await applicationAt('submitted', { student: student(1).client, projectId: research });
    await applicationAt('submitted', { student: student(2).client, projectId: design });
    await applicationAt('submitted', { student: student(3).client, projectId: design });
    await applicationAt('withdrawn', { student: student(4).client, projectId: research });

    // The bell is not grouped: every applicant still applying is in it at once (whether the one who
    // withdrew is depends on whether the worker ran between the two clicks: see the last test).
    const standing = ['Layla Haddad', 'Karim Nassar', 'Sara Odeh', 'Omar Said'];
    await eventually(async () => {
      const told = (await bell()).filter((i) => i.kind === 'new-applicant').map((i) => i.studentName);
      return standing.every((name) => told.includes(name));
    });
    expect(single()).toHaveLength(1);
    expect(summaries()).toHaveLength(0);

    const summary = await env.smtp.waitForMail(company.user.email, /new applicants for your projects/, WINDOW_MS + 15_000);
    expect(summary.subject).toBe('3 new applicants for your projects');
    expect(summary.text).toContain('3 more students have applied since our last email');
    expect(summary.text).toContain('Karim Nassar applied to "Market research for a fintech app"');
    expect(summary.text).toContain('Sara Odeh applied to "Landing page redesign"');
    expect(summary.text).toContain('Omar Said applied to "Landing page redesign"');
    // Withdrawn before the summary: not named (its own withdrawal mail told the company).
    expect(summary.text).not.toContain('Rana Aziz');
    expect(summary.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(true);
    // Still one single mail, and only one summary, once the window is well past.
    await new Promise((r) => setTimeout(r, 1500));
    expect(single()).toHaveLength(1);
    expect(summaries()).toHaveLength(1);
  });

  it('after a quiet window, the next applicant is mailed at once again', async () => {
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const sentBefore = Date.now();
    await applicationAt('submitted', { student: students[5]!.client, projectId: design });
    await eventually(() => single().length === 2);
    expect(Date.now() - sentBefore).toBeLessThan(WINDOW_MS);
    expect(single().at(-1)?.subject).toBe('New applicant for "Landing page redesign"');
    expect(summaries()).toHaveLength(1);
  });

  it('a summary whose sending fails goes once on a retry, and an applicant meanwhile waits for the next one', async () => {
    const shop = await signedIn(api, 'startup');
    const projectId = await openProject(shop.client, admin.client, { title: 'Inventory dashboard' });
    const mails = (subject: RegExp) => env.smtp.to(shop.user.email, subject);
    await applicationAt('submitted', { student: students[6]!.client, projectId });
    await env.smtp.waitForMail(shop.user.email, /^New applicant for "Inventory dashboard"/);
    await applicationAt('submitted', { student: students[7]!.client, projectId });
    // The next three attempts to send are refused: the summary's job fails and is retried.
    env.smtp.options.refuseFirst = env.smtp.attempts + 3;
    await eventually(() => env.smtp.attempts > env.smtp.options.refuseFirst! - 3, 3 * WINDOW_MS);
    // Applied while the summary is being retried: not in it, and not lost.
    await applicationAt('submitted', { student: students[8]!.client, projectId });
    const first = await env.smtp.waitForMail(shop.user.email, /^A new applicant for your projects/, 15_000);
    expect(first.text).toContain('Sami Khoury applied to "Inventory dashboard"');
    expect(first.text).not.toContain('Nour Saleh');
    await eventually(() => mails(/new applicants? for your projects/i).length === 2, 3 * WINDOW_MS);
    expect(mails(/new applicants? for your projects/i)[1]?.text).toContain('Nour Saleh applied to "Inventory dashboard"');
    expect(mails(/^A new applicant for your projects/).filter((m) => m.text?.includes('Sami Khoury'))).toHaveLength(1);
  });

  it('twelve applicants at once: one mail at once and one summary naming the other eleven', async () => {
    const busy = await signedIn(api, 'startup');
    const projectId = await openProject(busy.client, admin.client, { title: 'Translate an onboarding guide' });
    await Promise.all(students.map((s) => applicationAt('submitted', { student: s.client, projectId })));
    await env.smtp.waitForMail(busy.user.email, /^New applicant for "Translate an onboarding guide"/);
    const summary = await env.smtp.waitForMail(busy.user.email, /^11 new applicants for your projects$/, 3 * WINDOW_MS);
    expect(summary.text).toContain('and one more');
    expect(env.smtp.to(busy.user.email, /applicant/i)).toHaveLength(2);
  });
});

describe('an applicant who withdraws before the company is told', () => {
  const env = new TestEnv();
  afterAll(() => env.close());

  it('is told to the company as a withdrawal only: no new-applicant entry or mail for someone already gone', async () => {
    await env.start();
    const api = await env.api();
    const [company, admin, student] = await Promise.all([
      signedIn(api, 'startup'),
      signedIn(api, 'admin'),
      signedIn(api, 'student', { fullName: 'Dana Khalil' }),
    ]);
    const projectId = await openProject(company.client, admin.client, { title: 'Survey of cafe owners' });
    // No worker yet: both events wait in the outbox, as when the queue is busy.
    await applicationAt('withdrawn', { student: student.client, projectId });
    await env.worker();
    await env.smtp.waitForMail(company.user.email, /^An applicant withdrew from "Survey of cafe owners"/);
    const bell = async () =>
      (await company.client.get('/api/notifications?pageSize=50')).json<{ items: { kind: string; studentName?: string }[] }>()
        .items;
    await eventually(async () => (await bell()).some((i) => i.kind === 'applicant-withdrew'));
    // Both jobs have run (the withdrawal's mail came; the application's job is older): still nothing of a new applicant.
    await new Promise((r) => setTimeout(r, 1000));
    const kinds = (await bell()).map((i) => i.kind);
    expect(kinds).toContain('applicant-withdrew');
    expect(kinds).not.toContain('new-applicant');
    expect(env.smtp.to(company.user.email, /^New applicant for/)).toHaveLength(0);
  });
});
