import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { TestEnv, eventually } from './support/env.js';
import { ApiClient } from './support/client.js';
import { approveProject, finishAssessment, openProject, signedIn, submitProject, world } from './support/factories.js';
import { first } from './support/items.js';

const project = (over: Record<string, unknown> = {}) => ({
  title: 'Market research for a fintech app',
  description: 'Interview 20 small shop owners in Amman about how they take payments and summarise it.',
  requirements: ['Arabic and English'],
  skills: ['Market research', 'Excel'],
  responsibilities: ['Run interviews', 'Write a summary'],
  qualifications: [],
  durationWeeks: 6,
  weeklyHours: 10,
  workMode: 'hybrid',
  location: 'Amman',
  paid: true,
  stipend: 300,
  ...over,
});

describe('marketplace: projects, review, browse, apply, follow', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let company: Awaited<ReturnType<typeof signedIn>>;
  let other: Awaited<ReturnType<typeof signedIn>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let student: Awaited<ReturnType<typeof signedIn>>;
  let student2: Awaited<ReturnType<typeof signedIn>>;
  let projectId: string;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    await env.worker();
    [company, other, admin, student, student2] = await Promise.all([
      signedIn(api, 'startup'),
      signedIn(api, 'startup'),
      signedIn(api, 'admin'),
      signedIn(api, 'student'),
      signedIn(api, 'student'),
    ]);
  });
  afterAll(() => env.close());

  it('a company creates a project: validated, saved as pending, invisible to students', async () => {
    for (const bad of [
      project({ title: 'x' }),
      project({ workMode: 'onsite', location: undefined }),
      project({ paid: false, stipend: 100 }),
      project({ status: 'open' }),
      project({ durationWeeks: '6' }),
      project({ title: 'T'.repeat(500) }),
    ]) {
      expect((await company.client.post('/api/projects', bad)).statusCode).toBe(422);
    }
    const res = await company.client.post('/api/projects', project({ title: 'Market research <script>alert(1)</script>' }));
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; status: string; qualifications: string[] }>();
    expect(body).toMatchObject({ status: 'pending', qualifications: [] });
    projectId = body.id;
    expect((await student.client.get(`/api/marketplace/projects/${projectId}`)).statusCode).toBe(404);
    expect((await student.client.post('/api/projects', project())).statusCode).toBe(403);
  });

  it('another company cannot see or change it', async () => {
    expect((await other.client.get(`/api/projects/${projectId}`)).statusCode).toBe(404);
    expect((await other.client.patch(`/api/projects/${projectId}`, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await other.client.get(`/api/projects/${projectId}/applications`)).statusCode).toBe(404);
  });

  it('an admin rejects with a reason (required), the company edits and resubmits, the admin approves; emails both times', async () => {
    expect(
      (await company.client.post(`/api/admin/projects/${projectId}/review`, { decision: 'approve', version: 1 })).statusCode,
    ).toBe(403);
    const pending = (await admin.client.get('/api/admin/projects')).json<{ items: { id: string }[] }>();
    expect(pending.items.map((p) => p.id)).toContain(projectId);
    // Admins hear of a submitted project while it waits for review.
    await eventually(() => env.smtp.to(admin.user.email, /Project to review/).length === 1);
    expect(
      (await admin.client.post(`/api/admin/projects/${projectId}/review`, { decision: 'reject', version: 1 })).statusCode,
    ).toBe(422);
    const rejected = await admin.client.post(`/api/admin/projects/${projectId}/review`, {
      decision: 'reject',
      reason: 'Say what the stipend covers.',
      version: 1,
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Say what the stipend covers.' });
    await eventually(() => env.smtp.to(company.user.email, /needs changes/).length === 1);
    const mail = first(env.smtp.to(company.user.email, /needs changes/));
    expect(mail.html).not.toContain('<script>alert(1)</script>');
    expect(mail.html).toContain('&lt;script&gt;');

    const edited = await company.client.patch(`/api/projects/${projectId}`, {
      title: 'Market research for a fintech app',
      stipend: 350,
    });
    // An edit changes only what it names: the lists stay.
    expect(edited.json()).toMatchObject({
      status: 'pending',
      stipend: 350,
      skills: ['Market research', 'Excel'],
      responsibilities: ['Run interviews', 'Write a summary'],
    });
    // Admins heard of the project when it was submitted; sent again within the hour, it joins the same
    // notice (the entry is unread again and names it; no second email).
    await eventually(async () => {
      const items = (await admin.client.get('/api/notifications')).json<{
        items: { kind: string; projectTitle?: string; read: boolean }[];
      }>().items;
      return items.some(
        (i) => i.kind === 'project-submitted' && i.projectTitle === 'Market research for a fintech app' && !i.read,
      );
    });
    expect(env.smtp.to(admin.user.email, /Project to review/)).toHaveLength(1);
    const toReview = first(env.smtp.to(admin.user.email, /Project to review/));
    expect(toReview.text).toContain(company.user.companyName ?? '');
    expect(toReview.html).not.toContain('<script>alert(1)</script>');
    // The admin's screen still showed the first version: approving that text is refused.
    const stale = await admin.client.post(`/api/admin/projects/${projectId}/review`, { decision: 'approve', version: 1 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'project-changed']);
    const version = edited.json<{ version: number }>().version;
    expect(version).toBe(2);
    const approved = await admin.client.post(`/api/admin/projects/${projectId}/review`, { decision: 'approve', version });
    expect(approved.json()).toMatchObject({ status: 'open', version: 2, title: 'Market research for a fintech app' });
    await eventually(() => env.smtp.to(company.user.email, /is live/).length === 1);
    expect((await company.client.patch(`/api/projects/${projectId}`, { title: 'Changed after approval' })).statusCode).toBe(409);
  });

  it('students find it by search and by filters', async () => {
    const ids = async (qs: string) =>
      (await student.client.get(`/api/marketplace/projects${qs}`)).json<{ items: { id: string }[] }>().items.map((p) => p.id);
    expect(await ids('?q=fintech')).toContain(projectId);
    expect(await ids('?q=blockchain')).not.toContain(projectId);
    for (const f of ['?skill=Excel', '?mode=hybrid', '?paid=true', '?maxWeeks=8'])
      expect([f, await ids(f)]).toEqual([f, [projectId]]);
    expect(await ids('?skill=Excel&mode=hybrid&paid=true&maxWeeks=8')).toContain(projectId);
    expect(await ids('?q=fintech&skill=Excel')).toEqual([projectId]);
    expect(await ids('?q=fintech&skill=Python')).toEqual([]);
    expect(await ids('?mode=remote')).not.toContain(projectId);
    expect(await ids('?paid=false')).not.toContain(projectId);
    expect(await ids('?sort=match')).toContain(projectId);
    expect((await student.client.get('/api/marketplace/projects?pageSize=500')).statusCode).toBe(422);
    expect((await student.client.get('/api/marketplace/projects?sort=evil')).statusCode).toBe(422);
  });

  it('browse counts each set of filters once per 10 s, whatever the page, sort or student; other filters count anew', async () => {
    const page = async (c: ApiClient, qs: string) =>
      (await c.get(`/api/marketplace/projects${qs}`)).json<{ items: { id: string }[]; total: number; totalIsCapped: boolean }>();
    const before = await page(student.client, '?mode=hybrid&maxWeeks=9');
    // A new open project behind the api's back (as another api process would approve one).
    const orm = api.get(MikroORM);
    await orm.em.fork().execute(
      `insert into projects (id, company_id, company_name, title, description, requirements, skills, responsibilities,
         qualifications, duration_weeks, weekly_hours, work_mode, paid, status, created_at, updated_at)
       select gen_random_uuid(), null, 'Another company', 'Counted later', description, requirements, skills, responsibilities,
         qualifications, 9, weekly_hours, work_mode, paid, 'open', now(), now() from projects where id = ?`,
      [projectId],
    );
    const again = await page(student2.client, '?mode=hybrid&maxWeeks=9&sort=deadline');
    expect(again.total).toBe(before.total);
    // The rows themselves are always fresh: the new project is on the page at once.
    expect(again.items.length).toBe(before.items.length + 1);
    expect((await page(student.client, '?mode=hybrid&maxWeeks=10')).total).toBe(before.total + 1);
  });

  it('a student applies once; the company gets an email; a second application is a 409', async () => {
    expect((await student.client.post(`/api/marketplace/projects/${projectId}/apply`, { motivation: 'short' })).statusCode).toBe(
      422,
    );
    const res = await student.client.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'I ran a survey of 50 shops for my thesis and speak both languages.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'submitted', projectTitle: 'Market research for a fintech app' });
    const again = await student.client.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'I ran a survey of 50 shops for my thesis and speak both languages.',
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'already-applied']);
    await eventually(() => env.smtp.to(company.user.email, /New applicant/).length === 1);
    await student2.client.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'I would love to learn how fintech research works in practice.',
    });
  });

  it('the company reviews applicants and moves them through valid statuses only, with notes the student sees', async () => {
    const apps = (await company.client.get(`/api/projects/${projectId}/applications`)).json<{
      items: { id: string; nextStatuses: string[] }[];
      total: number;
    }>();
    expect(apps).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(apps.items).toHaveLength(2);
    expect(apps.items[0]!.nextStatuses).toEqual(['under_review', 'shortlisted', 'rejected']);
    const mine = (await student.client.get('/api/applications/mine')).json<{ items: { id: string }[] }>();
    const appId = first(mine.items).id;
    expect((await other.client.request('PATCH', `/api/applications/${appId}/status`, { status: 'shortlisted' })).statusCode).toBe(
      404,
    );
    expect((await company.client.request('PATCH', `/api/applications/${appId}/status`, { status: 'accepted' })).statusCode).toBe(
      409,
    );
    const shortlisted = await company.client.request('PATCH', `/api/applications/${appId}/status`, {
      status: 'shortlisted',
      notes: 'Great motivation — we will call you.',
    });
    expect(shortlisted.json()).toMatchObject({ status: 'shortlisted', notes: 'Great motivation — we will call you.' });
    await eventually(() => env.smtp.to(student.user.email, /was shortlisted/).length === 1);
    expect(first(env.smtp.to(student.user.email, /was shortlisted/)).text).toContain('Great motivation');
    const after = (await student.client.get('/api/applications/mine')).json<{ items: { status: string; notes: string }[] }>();
    expect(after.items[0]).toMatchObject({ status: 'shortlisted', notes: 'Great motivation — we will call you.' });
    // Pages carry the total, and a page past the end is empty but still counts.
    const paged = (await student.client.get('/api/applications/mine?page=1&pageSize=1')).json<{
      items: unknown[];
      total: number;
    }>();
    expect(paged).toMatchObject({ total: after.items.length, page: 1, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
    expect((await student.client.get('/api/applications/mine?page=9&pageSize=1')).json()).toEqual({
      items: [],
      total: after.items.length,
      page: 9,
      pageSize: 1,
    });
    // One status at a time; an unknown status is refused with its code.
    const shortlistedOnly = (await student.client.get('/api/applications/mine?status=shortlisted')).json<{
      items: { status: string }[];
      total: number;
    }>();
    expect(shortlistedOnly.total).toBe(1);
    expect(shortlistedOnly.items.map((a) => a.status)).toEqual(['shortlisted']);
    expect((await student.client.get('/api/applications/mine?status=accepted')).json()).toMatchObject({ items: [], total: 0 });
    const unknown = await student.client.get('/api/applications/mine?status=hired');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ code: string }>().code).toBeTruthy();
    const overview = (await company.client.get('/api/projects/overview')).json<{ open: number; newApplicants: number }>();
    expect(overview).toMatchObject({ open: 1, newApplicants: 1 });
    const mineList = (await company.client.get('/api/projects/mine')).json<{ items: { applicants: number }[] }>();
    expect(first(mineList.items).applicants).toBe(2);
  });

  it('students cannot see each other’s applications; they can withdraw while undecided', async () => {
    const theirs = first((await student2.client.get('/api/applications/mine')).json<{ items: { id: string }[] }>().items).id;
    expect((await student.client.post(`/api/applications/${theirs}/withdraw`)).statusCode).toBe(404);
    expect((await student2.client.post(`/api/applications/${theirs}/withdraw`)).json()).toMatchObject({ status: 'withdrawn' });
    expect((await student2.client.post(`/api/applications/${theirs}/withdraw`)).statusCode).toBe(409);
    // The company is told, once, naming the student.
    await eventually(() => env.smtp.to(company.user.email, /withdrew/).length === 1);
    expect(first(env.smtp.to(company.user.email, /withdrew/)).text).toContain(student2.user.fullName);
  });

  it('a closed project takes no applications', async () => {
    expect((await company.client.post(`/api/projects/${projectId}/close`)).json()).toMatchObject({ status: 'closed' });
    const late = await signedIn(api, 'student');
    const res = await late.client.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'Hoping it is still open for a late applicant.',
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'project-closed']);
    // Who applied still reads it (closed, with their application); anyone else finds nothing.
    const readOnly = (await student.client.get(`/api/marketplace/projects/${projectId}`)).json<{
      status: string;
      application?: { status: string };
    }>();
    expect(readOnly).toMatchObject({ status: 'closed', application: { status: 'shortlisted' } });
    expect((await late.client.get(`/api/marketplace/projects/${projectId}`)).statusCode).toBe(404);
    expect((await new ApiClient(api).get('/api/marketplace/projects')).statusCode).toBe(401);
  });

  it('accepting reveals the student’s email and WhatsApp to the company and tells the student whom to write to', async () => {
    await api.get(MikroORM).em.fork().execute(`update users set whatsapp = '+962 79 123 4567' where id = ?`, [student.user.id]);
    type Card = { id: string; status: string; student: { id?: string; email?: string; whatsapp?: string } };
    const cardOf = async () =>
      (await company.client.get(`/api/projects/${projectId}/applications`))
        .json<{ items: Card[] }>()
        .items.find((a) => a.student.id === student.user.id);
    const before = await cardOf();
    expect(before?.status).toBe('shortlisted');
    expect(before?.student).not.toHaveProperty('whatsapp');
    expect(before?.student).not.toHaveProperty('email');
    const accepted = await company.client.request('PATCH', `/api/applications/${before?.id ?? ''}/status`, {
      status: 'accepted',
    });
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    expect((await cardOf())?.student).toMatchObject({ email: student.user.email, whatsapp: '+962 79 123 4567' });
    await eventually(() => env.smtp.to(student.user.email, /was accepted/).length === 1);
    const mail = first(env.smtp.to(student.user.email, /was accepted/));
    expect(mail.text).toContain(company.user.email);
    expect(mail.text).toContain(company.user.fullName);
  });
  it('a company lists its projects and a project’s applicants in pages, by status, and applicants by assessment score', async () => {
    const lister = await signedIn(api, 'startup');
    const pendingId = await submitProject(lister.client, project({ title: 'Lists: still pending' }));
    const openId = await openProject(lister.client, admin.client, project({ title: 'Lists: open for applicants' }));
    const closedId = await openProject(lister.client, admin.client, project({ title: 'Lists: open then closed' }));
    expect((await lister.client.post(`/api/projects/${closedId}/close`)).statusCode).toBe(200);

    type Projects = {
      items: { id: string; status: string; applicants: number }[];
      total: number;
      page: number;
      pageSize: number;
    };
    const projects = async (qs: string) => {
      const res = await lister.client.get(`/api/projects/mine${qs}`);
      expect([qs, res.statusCode]).toEqual([qs, 200]);
      return res.json<Projects>();
    };
    // Newest first, a page at a time; a page past the end is empty but still counts.
    expect(await projects('?pageSize=2')).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect((await projects('?pageSize=2')).items.map((p) => p.id)).toEqual([closedId, openId]);
    expect((await projects('?pageSize=2&page=2')).items.map((p) => p.id)).toEqual([pendingId]);
    expect(await projects('?pageSize=2&page=9')).toEqual({ items: [], total: 3, page: 9, pageSize: 2 });
    // One status at a time.
    for (const [status, ids] of [
      ['open', [openId]],
      ['pending', [pendingId]],
      ['closed', [closedId]],
      ['rejected', []],
    ] as const) {
      const r = await projects(`?status=${status}`);
      expect([status, r.total, r.items.map((p) => p.id)]).toEqual([status, ids.length, ids]);
    }
    // Only its own: another company's list holds none of them.
    const theirs = (await other.client.get('/api/projects/mine?pageSize=100')).json<Projects>().items.map((p) => p.id);
    expect(theirs.filter((id) => [pendingId, openId, closedId].includes(id))).toEqual([]);

    // Four students apply in turn: two score 90 (the later one is newer), one 40, one has no assessment.
    const applicants: { id: string; score: number | null }[] = [];
    for (const score of [90, 40, null, 90]) {
      const s = await signedIn(api, 'student');
      if (score !== null) await finishAssessment(world(api), s.user.id, { overall: score });
      const applied = await s.client.post(`/api/marketplace/projects/${openId}/apply`, {
        motivation: `Applicant with ${score ?? 'no'} points, keen to help with the research.`,
      });
      expect(applied.statusCode).toBe(201);
      applicants.push({ id: s.user.id, score });
    }
    const [s90, s40, none, s90later] = applicants.map((a) => a.id);

    type Applicants = {
      items: { id: string; status: string; student: { id?: string; assessment?: { overall: number } } }[];
      total: number;
      page: number;
      pageSize: number;
    };
    const list = async (qs: string) => {
      const res = await lister.client.get(`/api/projects/${openId}/applications${qs}`);
      expect([qs, res.statusCode]).toEqual([qs, 200]);
      return res.json<Applicants>();
    };
    const students = async (qs: string) => (await list(qs)).items.map((a) => a.student.id);
    expect(await students('')).toEqual([s90later, none, s40, s90]);
    expect(await students('?sort=newest')).toEqual([s90later, none, s40, s90]);
    expect(await students('?sort=oldest')).toEqual([s90, s40, none, s90later]);
    // Highest score first, ties newest first, no assessment last.
    expect(await students('?sort=score')).toEqual([s90later, s90, s40, none]);
    expect((await list('?sort=score')).items.map((a) => a.student.assessment?.overall)).toEqual([90, 90, 40, undefined]);
    // Pages keep the order and the total.
    expect(await list('?sort=score&pageSize=3')).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(await students('?sort=score&pageSize=3&page=2')).toEqual([none]);
    expect(await list('?pageSize=3&page=5')).toEqual({ items: [], total: 4, page: 5, pageSize: 3 });

    // One application status at a time (with any sort).
    const s40App = (await list('')).items.find((a) => a.student.id === s40)!.id;
    expect(
      (await lister.client.request('PATCH', `/api/applications/${s40App}/status`, { status: 'shortlisted' })).statusCode,
    ).toBe(200);
    const shortlisted = await list('?status=shortlisted&sort=score');
    expect([shortlisted.total, shortlisted.items.map((a) => [a.student.id, a.status])]).toEqual([1, [[s40, 'shortlisted']]]);
    expect(await students('?status=submitted&sort=oldest')).toEqual([s90, none, s90later]);
    expect(await list('?status=accepted')).toMatchObject({ items: [], total: 0 });

    // Unknown values are refused with a code, never ignored.
    for (const bad of ['?sort=best', '?status=hired', '?status=open', '?pageSize=500', '?page=0', '?colour=red']) {
      const res = await lister.client.get(`/api/projects/${openId}/applications${bad}`);
      expect([bad, res.statusCode, res.json<{ code: string }>().code]).toEqual([bad, 422, 'validation-failed']);
    }
    for (const bad of ['?status=shortlisted', '?status=hired', '?sort=newest', '?pageSize=101']) {
      const res = await lister.client.get(`/api/projects/mine${bad}`);
      expect([bad, res.statusCode, res.json<{ code: string }>().code]).toEqual([bad, 422, 'validation-failed']);
    }

    // Another company finds no such project (whatever it asks); a student may not ask.
    for (const qs of ['', '?sort=score', '?status=submitted&page=1']) {
      const res = await other.client.get(`/api/projects/${openId}/applications${qs}`);
      expect([qs, res.statusCode, res.json<{ code: string }>().code]).toEqual([qs, 404, 'project-not-found']);
    }
    expect((await student.client.get(`/api/projects/${openId}/applications`)).statusCode).toBe(403);
    expect((await student.client.get('/api/projects/mine')).statusCode).toBe(403);
  });
  it('edits racing an approval never put text no admin read live', async () => {
    let approvedFirstTry = 0;
    let refusedEdits = 0;
    for (let round = 0; round < 12; round++) {
      const created = await other.client.post('/api/projects', project({ title: `Race ${round} as reviewed` }));
      const { id, version } = created.json<{ id: string; version: number }>();
      // The admin approves what the screen shows while the company keeps editing.
      const edit = (i: number) => other.client.patch(`/api/projects/${id}`, { title: `Race ${round} edit ${i}` });
      const [approval, ...edits] = await Promise.all([
        admin.client.post(`/api/admin/projects/${id}/review`, { decision: 'approve', version }),
        ...Array.from({ length: 4 }, (_, i) => edit(i)),
      ]);
      for (const e of edits) expect([200, 409]).toContain(e.statusCode);
      refusedEdits += edits.filter((e) => e.statusCode === 409).length;
      let approved = approval;
      if (approval.statusCode === 200) approvedFirstTry++;
      else {
        // Refused: the text changed. The admin reads the new version and approves that.
        expect(approval.json()).toMatchObject({ code: 'project-changed' });
        const shown = (await admin.client.get(`/api/admin/projects?status=pending&q=Race ${round} `)).json<{
          items: { id: string; version: number; title: string }[];
        }>();
        const current = shown.items.find((p) => p.id === id);
        if (!current) throw new Error(`project ${id} is not pending`);
        approved = await admin.client.post(`/api/admin/projects/${id}/review`, { decision: 'approve', version: current.version });
        expect(approved.statusCode).toBe(200);
        expect(approved.json()).toMatchObject({ title: current.title, version: current.version });
      }
      // After the approval every edit is refused, and students read exactly the approved text.
      expect((await edit(99)).statusCode).toBe(409);
      const live = (await student.client.get(`/api/marketplace/projects/${id}`)).json<{ title: string; version: number }>();
      const { title, version: liveVersion } = approved.json<{ title: string; version: number }>();
      expect(live).toMatchObject({ title, version: liveVersion });
    }
    // Both orders happened: some approvals came first (the later edits were refused), some were refused.
    expect(approvedFirstTry + refusedEdits).toBeGreaterThan(0);
  });
});

describe('one company cannot flood the admins with projects', () => {
  const env = new TestEnv({ PROJECTS_PER_COMPANY_PER_HOUR: '5', PENDING_PROJECTS_PER_COMPANY: '3' });
  let api: NestFastifyApplication;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    await env.worker();
  });
  afterAll(() => env.close());

  it('a budget per hour (429) and a cap on pending projects (409); one notice and one email per batch', async () => {
    const [company, admin] = await Promise.all([signedIn(api, 'startup'), signedIn(api, 'admin')]);
    const post = (i: number) => company.client.post('/api/projects', project({ title: `Flood project ${String(i)}` }));
    const first3 = await Promise.all([1, 2, 3].map(post));
    expect(first3.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const capped = await post(4);
    expect([capped.statusCode, capped.json<{ code: string }>().code]).toEqual([409, 'too-many-pending-projects']);
    // One reviewed: room for one more; then the hour's budget (5 tries) is spent.
    await approveProject(admin.client, first3[0]!.json<{ id: string }>().id);
    expect((await post(5)).statusCode).toBe(201);
    const spent = await post(6);
    expect([spent.statusCode, spent.json<{ code: string }>().code]).toEqual([429, 'too-many-projects']);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await api
      .get(MikroORM)
      .em.fork()
      .execute<{ n: string }[]>('select count(*) as n from projects where company_id = ?', [company.user.id]);
    expect(Number(row?.n)).toBe(4);

    // The admin has one entry for the batch (how many wait, the latest) and one email.
    type Entry = { kind: string; projectTitle?: string; count?: number; read: boolean };
    const batch = async () =>
      (await admin.client.get('/api/notifications'))
        .json<{ items: Entry[] }>()
        .items.filter((i) => i.kind === 'project-submitted');
    await eventually(async () => {
      const entries = await batch();
      if (entries.length === 1 && entries[0]?.projectTitle === 'Flood project 5') return true;
      throw new Error(JSON.stringify(entries));
    });
    expect(await batch()).toEqual([expect.objectContaining({ projectTitle: 'Flood project 5', count: 3, read: false })]);
    await eventually(() => env.smtp.to(admin.user.email, /Project to review/).length === 1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(env.smtp.to(admin.user.email, /Project to review/)).toHaveLength(1);
  });
});
