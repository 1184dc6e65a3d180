import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { MikroORM } from '@mikro-orm/postgresql';
import { MaintenanceClock } from '../src/maintenance/index.js';
import { TestEnv, eventually, sleep } from './support/env.js';
import { ApiClient } from './support/client.js';
import { applicationAt, openProject, PASSWORD, signedIn, submitProject } from './support/factories.js';

type Me = Awaited<ReturnType<typeof signedIn>>;
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

const project = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'Write product descriptions for 40 handmade items and check them with the team.',
  requirements: [],
  skills: ['Writing'],
  responsibilities: [],
  qualifications: [],
  durationWeeks: 2,
  weeklyHours: 5,
  workMode: 'remote',
  paid: false,
  ...extra,
});
const motivation = 'I write product copy for my family shop and I know handmade goods well.';

describe('the marketplace runs itself: deadlines close projects (scheduled job, fake clock), a weekly digest, admin moderation', () => {
  // The deadline check every 300 ms and the digest every second, so the scheduler really runs them here.
  const env = new TestEnv({ DEADLINE_CHECK_EVERY_MS: '300', COMPANY_DIGEST_CRON: '* * * * * *' });
  let api: NestFastifyApplication;
  let worker: INestApplicationContext;
  /** Every worker this file starts (the first, then another that shares the schedule). */
  const workers: INestApplicationContext[] = [];
  let company: Me;
  let student: Me;
  let student2: Me;
  let admin: Me;
  let deadlineProject: string;

  /** A project of `who`'s, approved by the admin. */
  const open = (who: Me, body: Record<string, unknown>) => openProject(who.client, admin.client, body);
  /** The mails to `address` whose subject matches, once there is one. */
  const mailTo = (address: string, subject: RegExp) =>
    eventually(() => {
      const found = env.smtp.to(address, subject);
      return found.length ? found : undefined;
    }, 20_000).then((found) => found ?? []);
  const statusOf = async (id: string) => (await company.client.get(`/api/projects/${id}`)).json<{ status: string }>().status;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    worker = await env.worker();
    workers.push(worker);
    [company, student, student2, admin] = await Promise.all([
      signedIn(api, 'startup'),
      signedIn(api, 'student'),
      signedIn(api, 'student'),
      signedIn(api, 'admin'),
    ]);
    deadlineProject = await open(company, project('Copy with a deadline', { deadline: day(2) }));
    await applicationAt('submitted', { student: student.client, projectId: deadlineProject, motivation });
    // The company has decided on the second student: only the first is still waiting.
    await applicationAt('rejected', {
      student: student2.client,
      projectId: deadlineProject,
      company: company.client,
      motivation,
    });
  });
  afterAll(() => env.close());

  it('a project stays open through its deadline day, and closes once the clock passes it; the company and each waiting student are told', async () => {
    await sleep(1000); // several runs of the scheduled check, with today's clock
    expect(await statusOf(deadlineProject)).toBe('open');

    worker.get(MaintenanceClock, { strict: false }).advance(3 * DAY);
    await eventually(async () => (await statusOf(deadlineProject)) === 'closed');

    const [companyMail] = await mailTo(company.user.email, /closed on its deadline/);
    expect(companyMail?.subject).toBe('Applications to "Copy with a deadline" closed on its deadline');
    expect(companyMail?.text).toContain('1 applicant is waiting for your answer.');
    const [studentMail] = await mailTo(student.user.email, /have closed/);
    expect(studentMail?.text).toContain('Yours stays with');
    await sleep(500);
    // The decided student hears nothing; nobody hears twice, though the check kept running.
    expect(env.smtp.to(student2.user.email, /closed/)).toHaveLength(0);
    expect(env.smtp.to(company.user.email, /closed on its deadline/)).toHaveLength(1);
    expect(env.smtp.to(student.user.email, /have closed/)).toHaveLength(1);

    // In the app too.
    const inbox = (await student.client.get('/api/notifications')).json<{ items: { kind: string; projectTitle: string }[] }>();
    expect(inbox.items.map((i) => [i.kind, i.projectTitle])).toContainEqual(['applications-closed', 'Copy with a deadline']);
    const companyInbox = (await company.client.get('/api/notifications')).json<{ items: { kind: string; count?: number }[] }>();
    expect(companyInbox.items).toContainEqual(expect.objectContaining({ kind: 'deadline-passed', count: 1 }));
    // Students can no longer apply.
    const late = await signedIn(api, 'student');
    const res = await late.client.post(`/api/marketplace/projects/${deadlineProject}/apply`, { motivation });
    expect(res.statusCode).toBe(409);
  });

  it('one schedule however many workers run', async () => {
    const second = await env.worker();
    // At the first worker's time: whichever of them takes a scheduled job from here on acts the same.
    second.get(MaintenanceClock, { strict: false }).advance(3 * DAY);
    workers.push(second);
    const queue = worker.get<Queue>(getQueueToken('maintenance'), { strict: false });
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual([
      'close-expired-projects',
      'company-digest',
      'prune-search-index',
      'purge-expired',
      'search-digest',
    ]);
  });

  it('a company with an applicant waiting more than 7 days gets one digest that week', async () => {
    expect(env.smtp.to(company.user.email, /waited more than a week/)).toHaveLength(0);
    // Every worker's clock: the digest's scheduled job goes to any of them.
    for (const w of workers) w.get(MaintenanceClock, { strict: false }).advance(5 * DAY); // 8 days after applying
    const [digest] = await mailTo(company.user.email, /waited more than a week/);
    expect(digest?.subject).toBe('One applicant has waited more than a week');
    expect(digest?.text).toContain('Copy with a deadline: 1 applicant');
    await sleep(2500); // the digest job ran twice more this week
    expect(env.smtp.to(company.user.email, /waited more than a week/)).toHaveLength(1);
    expect(env.smtp.to(student.user.email, /waited/)).toHaveLength(0);
  });

  describe('admin moderation', () => {
    let openId: string;
    let pendingId: string;

    beforeAll(async () => {
      openId = await open(company, project('Landing page copy', { deadline: day(30) }));
      pendingId = await submitProject(company.client, project('Pending brochure'));
      expect((await student.client.post(`/api/marketplace/projects/${openId}/apply`, { motivation })).statusCode).toBe(201);
    });

    it('lists every project, searched, filtered by status and company, in pages; only admins', async () => {
      const all = (await admin.client.get('/api/admin/projects?pageSize=2')).json<{ items: { id: string }[]; total: number }>();
      expect(all.total).toBe(3);
      expect(all.items).toHaveLength(2);
      const page2 = (await admin.client.get('/api/admin/projects?pageSize=2&page=2')).json<{ items: { id: string }[] }>();
      expect(page2.items).toHaveLength(1);
      const found = (await admin.client.get('/api/admin/projects?q=landing')).json<{
        items: { id: string; applicants: number }[];
      }>();
      expect(found.items.map((p) => [p.id, p.applicants])).toEqual([[openId, 1]]);
      const byCompany = (await admin.client.get(`/api/admin/projects?companyId=${company.user.id}&status=pending`)).json<{
        items: { id: string }[];
      }>();
      expect(byCompany.items.map((p) => p.id)).toEqual([pendingId]);
      const closed = (await admin.client.get('/api/admin/projects?status=closed')).json<{
        items: { id: string; closedBy: string }[];
      }>();
      expect(closed.items).toEqual([expect.objectContaining({ id: deadlineProject, closedBy: 'deadline' })]);
      // A search for % matches no title with a literal %.
      expect((await admin.client.get('/api/admin/projects?q=%25')).json<{ total: number }>().total).toBe(0);
      for (const bad of ['status=bogus', `q=${'x'.repeat(201)}`, 'companyId=nope', 'page=0']) {
        const res = await admin.client.get(`/api/admin/projects?${bad}`);
        expect(res.statusCode).toBe(422);
        expect(res.json<{ code: string }>().code).toBe('validation-failed');
      }
      expect((await company.client.get('/api/admin/projects')).statusCode).toBe(403);
      expect((await student.client.post(`/api/admin/projects/${openId}/close`, { reason: 'Spam listing' })).statusCode).toBe(403);
    });

    it('closes an open project with a reason the company receives; audited; students can no longer apply', async () => {
      expect((await admin.client.post(`/api/admin/projects/${openId}/close`, {})).statusCode).toBe(422);
      expect((await admin.client.post(`/api/admin/projects/${openId}/close`, { reason: 'x' })).statusCode).toBe(422);
      const res = await admin.client.post(`/api/admin/projects/${openId}/close`, { reason: 'The stipend breaks our rules.' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'closed', closedBy: 'admin', applicants: 1 });
      const again = await admin.client.post(`/api/admin/projects/${openId}/close`, { reason: 'Again, please.' });
      expect([again.statusCode, again.json<{ code: string }>().code]).toEqual([409, 'project-not-open']);
      const [mail] = await mailTo(company.user.email, /was closed by Mashrou/);
      expect(mail?.text).toContain('Reason: The stipend breaks our rules.');
      // The student still waiting on it is told it goes no further.
      const [told] = await mailTo(student.user.email, /"Landing page copy" have closed/);
      expect(told?.text).toContain('Mashrou closed');
      const late = await signedIn(api, 'student');
      expect((await late.client.post(`/api/marketplace/projects/${openId}/apply`, { motivation })).statusCode).toBe(409);
      const audit = (await admin.client.get('/api/admin/audit')).json<{
        items: { action: string; target: string; details: Record<string, unknown> }[];
      }>();
      expect(audit.items[0]).toMatchObject({
        action: 'project.closed',
        target: 'Landing page copy',
        details: { reason: 'The stipend breaks our rules.' },
      });
    });

    it('reopens a closed project with a reason; a passed deadline needs a new one', async () => {
      const pending = await admin.client.post(`/api/admin/projects/${pendingId}/reopen`, { reason: 'Try again' });
      expect([pending.statusCode, pending.json<{ code: string }>().code]).toEqual([409, 'project-not-closed']);
      const res = await admin.client.post(`/api/admin/projects/${openId}/reopen`, { reason: 'Fixed with the company.' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'open' });
      expect(res.json<{ closedBy?: string }>().closedBy).toBeUndefined();
      await eventually(() => env.smtp.to(company.user.email, /is open again/).length === 1);

      // A project whose deadline has passed (moved into the past directly, as time would).
      const pastId = await open(company, project('Old flyer', { deadline: day(20) }));
      expect((await admin.client.post(`/api/admin/projects/${pastId}/close`, { reason: 'Duplicate listing.' })).statusCode).toBe(
        200,
      );
      await api
        .get(MikroORM)
        .em.fork()
        .execute(`update projects set deadline = ? where id = ?`, [day(-3), pastId]);
      const noDeadline = await admin.client.post(`/api/admin/projects/${pastId}/reopen`, { reason: 'Not a duplicate.' });
      expect([noDeadline.statusCode, noDeadline.json<{ code: string }>().code]).toEqual([409, 'deadline-passed']);
      const pastDeadline = await admin.client.post(`/api/admin/projects/${pastId}/reopen`, {
        reason: 'Not a duplicate.',
        deadline: day(-1),
      });
      expect(pastDeadline.statusCode).toBe(422);
      expect(pastDeadline.json()).toMatchObject({
        code: 'validation-failed',
        details: { fields: { deadline: ['in-the-past'] } },
      });
      const ok = await admin.client.post(`/api/admin/projects/${pastId}/reopen`, {
        reason: 'Not a duplicate.',
        deadline: day(10),
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'open', deadline: day(10) });
      const audit = (await admin.client.get('/api/admin/audit')).json<{ items: { action: string; details: object }[] }>();
      expect(audit.items[0]).toMatchObject({
        action: 'project.reopened',
        details: { reason: 'Not a duplicate.', deadline: day(10) },
      });
    });

    it('corrects typos in a listing (only wording fields), tells the company, audits which fields changed', async () => {
      const bad = [
        { reason: 'Nothing else', version: 1 },
        { title: 'Landing page copy!', reason: 'Typo', durationWeeks: 3, version: 1 },
        { title: 'ab', reason: 'Typo in the title', version: 1 },
        { title: 'Landing page copy', reason: '', version: 1 },
        // Which text was read must be said.
        { title: 'Landing page copy!', reason: 'Typo' },
      ];
      for (const body of bad) expect((await admin.client.patch(`/api/admin/projects/${openId}`, body)).statusCode).toBe(422);
      // Skills are not wording (they drive matching): not an admin's to change.
      const skills = await admin.client.patch(`/api/admin/projects/${openId}`, { skills: ['Copy'], reason: 'Typo', version: 1 });
      expect(skills.statusCode).toBe(422);
      // A correction that changes nothing tells nobody anything.
      const same = await admin.client.patch(`/api/admin/projects/${openId}`, {
        title: 'Landing page copy',
        reason: 'Typo',
        version: 1,
      });
      expect(same.statusCode).toBe(422);
      const res = await admin.client.patch(`/api/admin/projects/${openId}`, {
        title: 'Landing-page copy',
        description: project('x').description,
        reason: 'Fixed a typo in the title.',
        version: 1,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'Landing-page copy', status: 'open', version: 2 });
      // A second admin's correction of the text before it: refused, nothing changes.
      const stale = await admin.client.patch(`/api/admin/projects/${openId}`, {
        title: 'Landing page copy (2)',
        reason: 'Another typo.',
        version: 1,
      });
      expect([stale.statusCode, stale.json().code]).toEqual([409, 'project-changed']);
      const [mail] = await mailTo(company.user.email, /We corrected the listing/);
      expect(mail?.text).toContain('Reason: Fixed a typo in the title.');
      expect(mail?.text).toContain('Changed: title');
      expect(env.smtp.to(company.user.email, /We corrected the listing/)).toHaveLength(1);
      const audit = (await admin.client.get('/api/admin/audit')).json<{ items: { action: string; details: object }[] }>();
      expect(audit.items[0]).toMatchObject({ action: 'project.edited', details: { fields: 'title' } });
      expect(
        (
          await admin.client.patch(`/api/admin/projects/00000000-0000-4000-8000-000000000000`, {
            title: 'Whatever title',
            reason: 'Typo',
            version: 1,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('refuses to approve a project whose deadline has passed, and to reopen one whose company is gone', async () => {
      const late = await submitProject(company.client, project('Late brochure', { deadline: day(5) }));
      await api
        .get(MikroORM)
        .em.fork()
        .execute(`update projects set deadline = ? where id = ?`, [day(-1), late]);
      const res = await admin.client.post(`/api/admin/projects/${late}/review`, { decision: 'approve', version: 1 });
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([409, 'deadline-passed']);
      expect(
        (
          await admin.client.post(`/api/admin/projects/${late}/review`, {
            decision: 'reject',
            reason: 'Set a new deadline.',
            version: 1,
          })
        ).statusCode,
      ).toBe(200);

      const gone = await signedIn(api, 'startup');
      const goneProject = await open(gone, project('Orphan project'));
      await api.get(MikroORM).em.fork().execute(`update users set active = false where id = ?`, [gone.user.id]);
      expect((await admin.client.post(`/api/admin/projects/${goneProject}/close`, { reason: 'Company left.' })).statusCode).toBe(
        200,
      );
      const reopen = await admin.client.post(`/api/admin/projects/${goneProject}/reopen`, { reason: 'By mistake.' });
      expect([reopen.statusCode, reopen.json<{ code: string }>().code]).toEqual([409, 'company-gone']);
    });

    it('a company an admin deactivates or demotes is gone: its projects close, students are told once, nothing reopens by itself', async () => {
      const sql = (q: string, params: unknown[] = []) => api.get(MikroORM).em.fork().execute(q, params);
      const browse = async (title: string) =>
        (await student.client.get(`/api/marketplace/projects?q=${encodeURIComponent(title)}`))
          .json<{ items: { id: string }[] }>()
          .items.map((p) => p.id);
      for (const how of ['deactivate', 'demote'] as const) {
        const gone = await signedIn(api, 'startup');
        const live = await open(gone, project(`Gone ${how} live`));
        const pending = await submitProject(gone.client, project(`Gone ${how} pending`));
        const waiting = await signedIn(api, 'student');
        expect((await waiting.client.post(`/api/marketplace/projects/${live}/apply`, { motivation })).statusCode).toBe(201);
        // Search matches any word (issue 30): the listing is among the results, first with all its words.
        expect((await browse(`Gone ${how} live`))[0]).toBe(live);

        const res =
          how === 'deactivate'
            ? await admin.client.post(`/api/admin/users/${gone.user.id}/deactivate`)
            : await admin.client.patch(`/api/admin/users/${gone.user.id}/role`, { role: 'student' });
        expect(res.statusCode).toBe(200);

        // Closed, both: not listed, no page, no application, no approval.
        expect(
          await sql(`select id, status, closed_by from projects where company_id = ? order by title`, [gone.user.id]),
        ).toEqual([live, pending].map((id) => ({ id, status: 'closed', closed_by: 'deactivation' })));
        expect(await browse(`Gone ${how} live`)).not.toContain(live);
        expect((await student.client.get(`/api/marketplace/projects/${live}`)).statusCode).toBe(404);
        const late = await student2.client.post(`/api/marketplace/projects/${live}/apply`, { motivation });
        expect([late.statusCode, late.json<{ code: string }>().code]).toEqual([409, 'project-closed']);
        const review = await admin.client.post(`/api/admin/projects/${pending}/review`, { decision: 'approve', version: 1 });
        expect([review.statusCode, review.json<{ code: string }>().code]).toEqual([409, 'project-not-pending']);
        // The student who was waiting is told once, in the app and by email.
        const [told] = await mailTo(waiting.user.email, /has closed/);
        expect(told?.text).toContain(`Gone ${how} live`);
        expect(env.smtp.to(waiting.user.email, /has closed/)).toHaveLength(1);

        if (how === 'demote') {
          // Now a student, it cannot apply to what was its own project.
          const own = await gone.client.post(`/api/marketplace/projects/${live}/apply`, { motivation });
          expect(own.statusCode).toBeGreaterThanOrEqual(400);
        } else {
          // Reactivated, its projects stay closed until an admin reopens one by hand; the one no admin
          // ever approved goes back to review, not live.
          expect((await admin.client.post(`/api/admin/users/${gone.user.id}/reactivate`)).statusCode).toBe(200);
          expect(await browse(`Gone ${how} live`)).not.toContain(live);
          const back = await admin.client.post(`/api/admin/projects/${pending}/reopen`, { reason: 'Company is back.' });
          expect([back.statusCode, back.json<{ status: string }>().status]).toEqual([200, 'pending']);
          const reopened = await admin.client.post(`/api/admin/projects/${live}/reopen`, { reason: 'Company is back.' });
          expect([reopened.statusCode, reopened.json<{ status: string }>().status]).toEqual([200, 'open']);
        }
      }

      // The one rule holds even if a company went inactive some other way: nothing of it is approved.
      const other = await signedIn(api, 'startup');
      const waitingReview = await submitProject(other.client, project('Inactive company pending'));
      await sql(`update users set active = false where id = ?`, [other.user.id]);
      const refused = await admin.client.post(`/api/admin/projects/${waitingReview}/review`, { decision: 'approve', version: 1 });
      expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([409, 'company-gone']);
    });

    it("shows a project's applications read only, and audits the look", async () => {
      const res = await admin.client.get(`/api/admin/projects/${deadlineProject}/applications`);
      expect(res.statusCode).toBe(200);
      const page = res.json<{ total: number; items: { studentName: string; status: string }[] }>();
      expect(page.total).toBe(2);
      expect(page.items.map((a) => [a.studentName, a.status]).sort()).toEqual(
        [
          [student.user.fullName, 'submitted'],
          [student2.user.fullName, 'rejected'],
        ].sort(),
      );
      const audit = (await admin.client.get('/api/admin/audit')).json<{ items: { action: string; target: string }[] }>();
      expect(audit.items[0]).toMatchObject({ action: 'project.applications_viewed', target: 'Copy with a deadline' });
      expect((await company.client.get(`/api/admin/projects/${deadlineProject}/applications`)).statusCode).toBe(403);
      expect((await admin.client.get(`/api/admin/projects/00000000-0000-4000-8000-000000000000/applications`)).statusCode).toBe(
        404,
      );
    });
  });

  it('students see how quickly a company usually answers, once it answered 3 applications', async () => {
    const projectId = await open(company, project('Answer-time copy'));
    const before = (await student.client.get(`/api/marketplace/projects/${projectId}`)).json<{
      companyAnswersInHours?: number;
    }>();
    // One answer so far (the rejection): not enough to say.
    expect(before.companyAnswersInHours).toBeUndefined();
    const others = await Promise.all([signedIn(api, 'student'), signedIn(api, 'student')]);
    for (const other of others) {
      const applied = await other.client.post(`/api/marketplace/projects/${projectId}/apply`, { motivation });
      const moved = await company.client.patch(`/api/applications/${applied.json<{ id: string }>().id}/status`, {
        status: 'under_review',
      });
      expect(moved.statusCode).toBe(200);
    }
    const mine = (await student.client.get('/api/applications/mine')).json<{ items: { id: string; status: string }[] }>();
    const waiting = mine.items.filter((a) => a.status === 'submitted').map((a) => a.id);
    expect(waiting.length).toBeGreaterThan(0);
    // A fresh student's view (the per-process figure is cached 10 minutes: a new api process reads it anew).
    const api2 = await env.api();
    const fresh = await signedIn(api2, 'student');
    const page = (await fresh.client.get(`/api/marketplace/projects/${projectId}`)).json<{ companyAnswersInHours?: number }>();
    expect(page.companyAnswersInHours).toBeGreaterThanOrEqual(0);
    expect(page.companyAnswersInHours).toBeLessThan(1);
    expect((await fresh.client.get('/api/applications/mine/answer-times')).json()).toEqual({ items: [] });
    const client2 = new ApiClient(api2);
    const res = await client2.post('/api/auth/signin', { email: student.user.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const times = (await client2.get('/api/applications/mine/answer-times')).json<{ items: { applicationId: string }[] }>();
    expect(times.items.map((i) => i.applicationId).sort()).toEqual([...waiting].sort());
    expect((await company.client.get('/api/applications/mine/answer-times')).statusCode).toBe(403);
  });
});
