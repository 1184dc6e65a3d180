import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { DeadlinesService, MarketplaceRecords } from '../src/marketplace/index.js';
import { TestEnv, eventually } from './support/env.js';
import { PASSWORD, applicationAt, openProject, signedIn } from './support/factories.js';
import { upload } from './support/files.js';

type Me = Awaited<ReturnType<typeof signedIn>>;
interface Workspace {
  applicationId: string;
  role: string;
  studentName: string;
  milestones: {
    id: string;
    title: string;
    dueOn: string;
    status: string;
    overdue: boolean;
    deliverables: {
      text: string;
      links: string[];
      files: { name: string; url: string }[];
      outcome: string | null;
      feedback: string | null;
    }[];
  }[];
  progress: { total: number; accepted: number; waitingForReview: number; overdue: number };
}

const project = (title: string) => ({
  title,
  description: 'Survey 50 shop owners about how they take card payments, and summarise what they need.',
  requirements: [],
  skills: ['Research'],
  responsibilities: [],
  qualifications: [],
  durationWeeks: 4,
  weeklyHours: 8,
  workMode: 'remote',
  paid: false,
});
const motivation = 'I ran a survey of 80 students last term and I like talking to shop owners.';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('the workspace of an accepted application: milestones, hand-ins and reviews, only for its two sides and admins', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let company: Me;
  let otherCompany: Me;
  let student: Me;
  let otherStudent: Me;
  let admin: Me;
  let appId: string;
  let pendingId: string;
  let worker: Awaited<ReturnType<TestEnv['worker']>>;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    worker = await env.worker();
    [company, otherCompany, student, otherStudent, admin] = await Promise.all([
      signedIn(api, 'startup'),
      signedIn(api, 'startup'),
      signedIn(api, 'student'),
      signedIn(api, 'student'),
      signedIn(api, 'admin'),
    ]);
    const projectId = await openProject(company.client, admin.client, project('Payments survey for small shops'));
    appId = await applicationAt('accepted', { student: student.client, company: company.client, projectId, motivation });
    pendingId = await applicationAt('shortlisted', {
      student: otherStudent.client,
      company: company.client,
      projectId,
      motivation,
    });
  });
  afterAll(() => env.close());

  const read = async (who: Me, id = appId) => {
    const res = await who.client.get(`/api/applications/${id}/workspace`);
    expect(res.statusCode).toBe(200);
    return res.json<Workspace>();
  };
  const addMilestone = (who: Me, body: unknown, id = appId) => who.client.post(`/api/applications/${id}/milestones`, body);
  const handIn = (who: Me, milestoneId: string, body: unknown) =>
    who.client.post(`/api/applications/${appId}/milestones/${milestoneId}/deliverables`, body);
  const review = (who: Me, milestoneId: string, body: unknown) =>
    who.client.post(`/api/applications/${appId}/milestones/${milestoneId}/review`, body);

  it('only the student, the company and admins see it, and only once the application is accepted', async () => {
    expect((await read(student)).role).toBe('student');
    expect((await read(company)).role).toBe('company');
    const asAdmin = await read(admin);
    expect(asAdmin).toMatchObject({ role: 'admin', studentName: student.user.fullName, milestones: [] });
    for (const stranger of [otherCompany, otherStudent]) {
      const res = await stranger.client.get(`/api/applications/${appId}/workspace`);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('application-not-found');
    }
    const early = await company.client.get(`/api/applications/${pendingId}/workspace`);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ code: string }>().code).toBe('workspace-not-open');
    const notYet = await addMilestone(company, { title: 'Too early', dueOn: day(7) }, pendingId);
    expect(notYet.statusCode).toBe(409);
    expect((await company.client.get('/api/applications/not-a-uuid/workspace')).statusCode).toBe(400);
  });

  it('the company sets milestones (validated; never in the past); the student and admins cannot; the student is told in the app', async () => {
    for (const [bad, field] of [
      [{ title: '', dueOn: day(7) }, 'title'],
      [{ title: 'x'.repeat(121), dueOn: day(7) }, 'title'],
      [{ title: 'Survey', dueOn: '2026-13-40' }, 'dueOn'],
      [{ title: 'Survey', dueOn: '2027-02-30' }, 'dueOn'],
      [{ title: 'Survey', dueOn: '9999-12-31' }, 'dueOn'],
      [{ title: 'Survey', dueOn: day(-1) }, 'dueOn'],
    ] as const) {
      // (the last: `in-the-past`, as a project's deadline)
      const res = await addMilestone(company, bad);
      expect(res.statusCode).toBe(422);
      const body = res.json<{ code: string; details: { fields: Record<string, string[]> } }>();
      expect(body.code).toBe('validation-failed');
      expect(Object.keys(body.details.fields)).toContain(field);
    }
    expect((await addMilestone(company, { title: 'Survey', dueOn: day(7), role: 'admin' })).statusCode).toBe(422);
    expect((await addMilestone(student, { title: 'Mine', dueOn: day(7) })).statusCode).toBe(403);
    expect((await addMilestone(admin, { title: 'Admin', dueOn: day(7) })).statusCode).toBe(403);

    const first = await addMilestone(company, {
      title: 'Survey questions',
      expectations: '10 questions, in Arabic and English.',
      dueOn: day(3),
    });
    expect(first.statusCode).toBe(201);
    const second = await addMilestone(company, { title: 'Interviews <b>done</b>', dueOn: day(10) });
    expect(second.statusCode).toBe(201);
    const ws = second.json<Workspace>();
    expect(ws.milestones.map((m) => [m.title, m.status, m.overdue])).toEqual([
      ['Survey questions', 'open', false],
      ['Interviews <b>done</b>', 'open', false],
    ]);
    expect(ws.progress).toEqual({ total: 2, accepted: 0, waitingForReview: 0, overdue: 0 });
    await eventually(
      async () =>
        (await student.client.get('/api/notifications'))
          .json<{ items: { kind: string; milestoneTitle?: string }[] }>()
          .items.filter((i) => i.kind === 'milestone-set').length === 2,
    );
  });

  it('a milestone changes or goes until something is handed in for it', async () => {
    const ws = await read(company);
    const second = ws.milestones[1];
    if (!second) throw new Error('no second milestone');
    const edited = await company.client.put(`/api/applications/${appId}/milestones/${second.id}`, {
      title: 'Interviews with 10 owners',
      expectations: 'Notes from each, one page.',
      dueOn: day(12),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Workspace>().milestones[1]).toMatchObject({ title: 'Interviews with 10 owners', dueOn: day(12) });
    const third = (await addMilestone(company, { title: 'Spare', dueOn: day(20) })).json<Workspace>().milestones[2];
    const removed = await company.client.delete(`/api/applications/${appId}/milestones/${third?.id ?? ''}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Workspace>().milestones).toHaveLength(2);
    // Someone else's milestone id is not found here.
    const other = await company.client.delete(`/api/applications/${appId}/milestones/${crypto.randomUUID()}`);
    expect(other.statusCode).toBe(404);
    // The student is told of each, in the app: the change names the milestone, the removal the project.
    const changes = async () =>
      (await student.client.get('/api/notifications'))
        .json<{ items: { kind: string; action?: string; milestoneTitle?: string }[] }>()
        .items.filter((i) => i.kind === 'milestone-changed');
    await eventually(async () => (await changes()).length === 2);
    expect((await changes()).map((i) => [i.action, i.milestoneTitle]).sort()).toEqual([
      ['edited', 'Interviews with 10 owners'],
      ['removed', undefined],
    ]);
  });

  it('the student hands in; the company asks for changes; the student hands in again; the company accepts; each is told in the app and by email', async () => {
    const [first] = (await read(student)).milestones;
    if (!first) throw new Error('no milestone');
    // Bad input gets a code and changes nothing.
    for (const bad of [
      { text: '' },
      { text: 'ok', links: ['javascript:alert(1)'] },
      { text: 'ok', links: Array(6).fill('https://x.example') },
    ]) {
      expect((await handIn(student, first.id, bad)).statusCode).toBe(422);
    }
    expect((await handIn(company, first.id, { text: 'Not mine' })).statusCode).toBe(403);
    expect((await review(company, first.id, { outcome: 'accepted' })).json<{ code: string }>().code).toBe('nothing-to-review');

    // A link is kept in its normal form: a direction mark hidden in it is escaped, the host lower-cased.
    const handed = await handIn(student, first.id, {
      text: 'Draft questions attached.',
      links: ['https://Docs.Example.com/q1\u202egnp.exe'],
    });
    expect(handed.statusCode).toBe(201);
    expect(handed.json<Workspace>().progress.waitingForReview).toBe(1);
    expect(handed.json<Workspace>().milestones[0]?.deliverables[0]?.links).toEqual([
      'https://docs.example.com/q1%E2%80%AEgnp.exe',
    ]);
    // One hand-in waits at a time: what the company reviews is what it read.
    const twice = await handIn(student, first.id, { text: 'A second try before any answer.' });
    expect(twice.json<{ code: string }>().code).toBe('milestone-submitted');
    // Handed in: it no longer changes.
    const locked = await company.client.delete(`/api/applications/${appId}/milestones/${first.id}`);
    expect(locked.json<{ code: string }>().code).toBe('milestone-submitted');
    await eventually(() => env.smtp.to(company.user.email, /handed in "Survey questions"/).length === 1);

    // Changes need feedback.
    expect((await review(company, first.id, { outcome: 'changes-requested' })).statusCode).toBe(422);
    const changes = await review(company, first.id, { outcome: 'changes-requested', feedback: 'Add two questions about fees.' });
    expect(changes.statusCode).toBe(200);
    expect(changes.json<Workspace>().milestones[0]).toMatchObject({ status: 'changes-requested' });
    await eventually(() => env.smtp.to(student.user.email, /Changes asked for on "Survey questions"/).length === 1);

    expect((await handIn(student, first.id, { text: 'Now with fee questions.', links: [] })).statusCode).toBe(201);
    const accepted = await review(company, first.id, { outcome: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    const ws = accepted.json<Workspace>();
    expect(ws.milestones[0]?.status).toBe('accepted');
    expect(ws.milestones[0]?.deliverables.map((d) => [d.outcome, d.feedback])).toEqual([
      ['changes-requested', 'Add two questions about fees.'],
      ['accepted', null],
    ]);
    expect(ws.progress).toEqual({ total: 2, accepted: 1, waitingForReview: 0, overdue: 0 });
    await eventually(() => env.smtp.to(student.user.email, /"Survey questions" was accepted/).length === 1);
    // Accepted is final.
    expect((await handIn(student, first.id, { text: 'One more' })).json<{ code: string }>().code).toBe('milestone-accepted');

    const kinds = (await student.client.get('/api/notifications'))
      .json<{ items: { kind: string; approved?: boolean }[] }>()
      .items.filter((i) => i.kind === 'deliverable-reviewed')
      .map((i) => i.approved);
    expect(kinds.sort()).toEqual([false, true]);
  });

  it('a hand-in carries the student’s own files (each kind checked by its bytes); the company downloads them as attachments', async () => {
    // The other applicant, accepted now: their own workspace.
    const moved = await company.client.patch(`/api/applications/${pendingId}/status`, { status: 'accepted' });
    expect(moved.statusCode).toBe(200);
    const set = await addMilestone(company, { title: 'Charts', dueOn: day(5) }, pendingId);
    const milestoneId = set.json<Workspace>().milestones[0]?.id ?? '';
    const handInHere = (body: unknown) =>
      otherStudent.client.post(`/api/applications/${pendingId}/milestones/${milestoneId}/deliverables`, body);

    const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);
    const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(500, 2)]);
    const png = await upload(otherStudent.client, 'deliverables/chart.png', 'chart.png', PNG, 'image/png');
    expect(png.statusCode).toBe(201);
    expect(png.json<{ contentType: string }>().contentType).toBe('image/png');
    const docx = await upload(otherStudent.client, 'deliverables/report.docx', 'report.docx', ZIP, 'application/octet-stream');
    expect(docx.json<{ contentType: string }>().contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    // Checked by its bytes: a page named like an image is refused; a CV stays a PDF.
    const html = await upload(
      otherStudent.client,
      'deliverables/x.png',
      'x.png',
      Buffer.from('<html><script>1</script>'),
      'image/png',
    );
    expect(html.statusCode).toBe(415);
    expect(html.json<{ code: string }>().code).toBe('invalid-format');
    expect((await upload(otherStudent.client, 'cv/chart.png', 'chart.png', PNG, 'image/png')).statusCode).toBe(415);
    const someoneElses = await upload(student.client, 'deliverables/mine.png', 'mine.png', PNG, 'image/png');

    const ids = [png.json<{ id: string }>().id, docx.json<{ id: string }>().id];
    // Someone else's file cannot be handed in (and nothing is handed in).
    const theirs = await handInHere({ text: 'With a file', fileIds: [someoneElses.json<{ id: string }>().id] });
    expect(theirs.statusCode).toBe(403);
    expect((await read(otherStudent, pendingId)).milestones[0]?.status).toBe('open');
    expect((await handInHere({ text: 'Too many', fileIds: Array(6).fill(ids[0]) })).statusCode).toBe(422);

    const sent = await handInHere({ text: 'The chart and the report.', fileIds: ids });
    expect(sent.statusCode).toBe(201);
    const files = sent.json<Workspace>().milestones[0]?.deliverables.at(-1)?.files ?? [];
    expect(files.map((f) => f.name)).toEqual(['chart.png', 'report.docx']);
    // The company reads them now, as attachments with the extension of what they are.
    const got = await company.client.get(files[1]?.url ?? '');
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="report\.docx"/);
    expect((await company.client.get(files[0]?.url ?? '')).headers['content-type']).toBe('image/png');
    // Another company cannot.
    expect((await otherCompany.client.get(files[0]?.url ?? '')).statusCode).toBe(403);
    // Admins can (they see every workspace), but not a file nobody was sent.
    const byAdmin = await admin.client.get(files[1]?.url ?? '');
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['content-disposition']).toMatch(/^attachment; filename="report\.docx"/);
    // An admin reading someone's file is in the audit log (the company's reading is not an admin action).
    const logged = (await admin.client.get('/api/admin/audit')).json<{ items: Record<string, unknown>[] }>().items;
    expect(logged.filter((e) => e.action === 'file.downloaded')).toEqual([
      expect.objectContaining({
        targetType: 'file',
        targetId: ids[1],
        target: 'report.docx',
        details: { ownerId: otherStudent.user.id },
      }),
    ]);
    expect((await admin.client.get(`/api/files/${someoneElses.json<{ id: string }>().id}`)).statusCode).toBe(403);
    // A hand-in's image is no CV: a CV stays a PDF wherever the file was uploaded.
    const asCv = await otherStudent.client.put('/api/profile/student/cv', { fileId: ids[0] });
    expect(asCv.statusCode).toBe(415);
    expect(asCv.json<{ code: string }>().code).toBe('invalid-format');
  });

  it('a milestone past its day and not accepted is overdue and reminds both sides once; it is in both exports; erasing the student deletes it', async () => {
    const orm = api.get(MikroORM);
    await orm.em
      .fork()
      .getConnection()
      .execute(`update milestones set due_on = current_date - 2 where application_id = ? and status <> 'accepted'`, [appId]);
    const ws = await read(student);
    expect(ws.progress.overdue).toBe(1);
    // Its title can still be corrected, its past day left as it was.
    const late = ws.milestones.find((m) => m.status !== 'accepted');
    const fixed = await company.client.put(`/api/applications/${appId}/milestones/${late?.id ?? ''}`, {
      title: 'Interviews with 10 owners',
      expectations: 'Notes from each, one page (typo fixed).',
      dueOn: late?.dueOn,
    });
    expect(fixed.statusCode).toBe(200);
    expect(ws.milestones.find((m) => m.status !== 'accepted')?.overdue).toBe(true);

    // The deadline job reminds both sides, once, in the app and by email.
    const deadlines = worker.get(DeadlinesService, { strict: false });
    expect(await deadlines.remindOverdueMilestones(new Date())).toBe(1);
    expect(await deadlines.remindOverdueMilestones(new Date())).toBe(0);
    await eventually(() => env.smtp.to(student.user.email, /"Interviews with 10 owners" is overdue/).length === 1);
    await eventually(() => env.smtp.to(company.user.email, /"Interviews with 10 owners" is overdue/).length === 1);
    const [toCompany] = env.smtp.to(company.user.email, /is overdue/);
    expect(toCompany?.text).toContain(`${student.user.fullName} has not handed in`);
    for (const who of [student, company]) {
      const items = (await who.client.get('/api/notifications'))
        .json<{ items: { kind: string }[] }>()
        .items.filter((i) => i.kind === 'milestone-overdue');
      expect(items).toHaveLength(1);
    }

    // In the data export of both sides (what the export's builder reads).
    const records = api.get(MarketplaceRecords);
    const theirs = [
      ['Survey questions', 2],
      ['Interviews with 10 owners', 0],
    ];
    const exported = async (who: Me) =>
      (await records.exportOf(who.user.id)).workspaces.map((m) => [m.title, m.deliverables.length]);
    expect(await exported(student)).toEqual(theirs);
    // The company's holds its other workspace too (the other applicant's, with its hand-in of files).
    expect(await exported(company)).toEqual([...theirs, ['Charts', 1]]);

    // Erasing the student deletes it (the application itself stays with the company, emptied).
    expect((await student.client.post('/api/me/delete', { password: PASSWORD })).statusCode).toBe(204);
    const left = await orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>(
        `select (select count(*) from milestones where application_id = ?) as n,
                (select count(*) from deliverables) as all_deliverables`,
        [appId],
      );
    expect(Number(left[0]?.n)).toBe(0);
    // Only the other applicant's hand-in is left.
    expect(Number((left[0] as { all_deliverables?: string } | undefined)?.all_deliverables)).toBe(1);
    // Its student gone, there is no workspace to open.
    expect((await company.client.get(`/api/applications/${appId}/workspace`)).statusCode).toBe(404);
  });

  it("erasing a student whose file an admin read leaves the log's entry without the file's name or its owner", async () => {
    expect((await otherStudent.client.post('/api/me/delete', { password: PASSWORD })).statusCode).toBe(204);
    const logged = (await admin.client.get('/api/admin/audit')).json<{ items: Record<string, unknown>[] }>().items;
    const entry = logged.find((e) => e.action === 'file.downloaded');
    expect(entry).toMatchObject({ targetType: 'file', target: 'Deleted file', details: {} });
    expect(entry?.targetId).toBeUndefined();
    expect(JSON.stringify(logged)).not.toContain(otherStudent.user.id);
  });
});
