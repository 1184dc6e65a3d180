import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { TestEnv, eventually } from './support/env.js';
import { applicationAt, openProject, signedIn } from './support/factories.js';

type Me = Awaited<ReturnType<typeof signedIn>>;
interface Thread {
  messages: { id: string; mine: boolean; senderName: string; body: string }[];
  canWrite: boolean;
}

const project = (title: string) => ({
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
});
const motivation = 'I write product copy for my family shop and I know handmade goods well.';

describe('messages on an application: only its two sides, opened by the company or a shortlist, told in the app and by email (throttled)', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let company: Me;
  let otherCompany: Me;
  let student: Me;
  let student2: Me;
  let admin: Me;
  let appId: string;
  let app2Id: string;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    await env.worker();
    [company, otherCompany, student, student2, admin] = await Promise.all([
      signedIn(api, 'startup'),
      signedIn(api, 'startup'),
      signedIn(api, 'student'),
      signedIn(api, 'student'),
      signedIn(api, 'admin'),
    ]);
    const projectId = await openProject(company.client, admin.client, project('Product copy for a craft shop'));
    appId = await applicationAt('submitted', { student: student.client, projectId, motivation });
    app2Id = await applicationAt('submitted', { student: student2.client, projectId, motivation });
  });
  afterAll(() => env.close());

  const thread = async (who: Me, id = appId) => {
    const res = await who.client.get(`/api/applications/${id}/messages`);
    expect(res.statusCode).toBe(200);
    return res.json<Thread>();
  };
  const write = (who: Me, body: unknown, id = appId) => who.client.post(`/api/applications/${id}/messages`, body);

  it('nobody else reads or writes; bad input gets a code', async () => {
    for (const who of [otherCompany, student2]) {
      expect((await who.client.get(`/api/applications/${appId}/messages`)).statusCode).toBe(404);
      expect((await write(who, { body: 'Hello' })).statusCode).toBe(404);
    }
    expect((await admin.client.get(`/api/applications/${appId}/messages`)).statusCode).toBe(403);
    expect((await company.client.get('/api/applications/not-an-id/messages')).statusCode).toBe(400);
    for (const bad of [{ body: '' }, { body: '   ' }, { body: 'x'.repeat(2001) }, { body: 'Hi', to: 'someone' }, {}]) {
      const res = await write(company, bad);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ code: string }>().code).toBeTruthy();
    }
    expect((await thread(company)).messages).toEqual([]);
  });

  it('the student waits for the company; the company writes first; hostile text stays text; reading marks it read', async () => {
    expect((await thread(student)).canWrite).toBe(false);
    const early = await write(student, { body: 'Hello, any news?' });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ code: string }>().code).toBe('messages-closed');

    const hostile = 'Hi! <script>alert(1)</script> Could you send two samples by Sunday?';
    const sent = await write(company, { body: hostile });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ mine: true, body: hostile, senderName: company.user.companyName });

    expect((await student.client.get('/api/messages/unread')).json()).toEqual({ total: 1, byApplication: { [appId]: 1 } });
    const seen = await thread(student);
    expect(seen.canWrite).toBe(true);
    expect(seen.messages).toEqual([
      expect.objectContaining({ mine: false, body: hostile, senderName: company.user.companyName }),
    ]);
    expect((await student.client.get('/api/messages/unread')).json()).toEqual({ total: 0, byApplication: {} });

    // The student is told in the app and by email.
    await eventually(async () =>
      (await student.client.get('/api/notifications'))
        .json<{ items: { kind: string }[] }>()
        .items.some((i) => i.kind === 'new-message'),
    );
    await eventually(() => env.smtp.to(student.user.email, /New message from/).length === 1);
  });

  it('more messages within 10 minutes: every one in the app, one email per conversation', async () => {
    expect((await write(company, { body: 'Also: the deadline is flexible.' })).statusCode).toBe(201);
    expect((await write(company, { body: 'And thank you for applying!' })).statusCode).toBe(201);
    await eventually(
      async () =>
        (await student.client.get('/api/notifications'))
          .json<{ items: { kind: string }[] }>()
          .items.filter((i) => i.kind === 'new-message').length === 3,
    );
    expect(env.smtp.to(student.user.email, /New message from/)).toHaveLength(1);

    // The answer goes the other way: the company's first email in this conversation.
    expect((await write(student, { body: 'Samples on Saturday. Thanks!' })).statusCode).toBe(201);
    await eventually(() => env.smtp.to(company.user.email, /New message from/).length === 1);
    const both = await thread(company);
    expect(both.messages.map((m) => [m.mine, m.body])).toEqual([
      [true, expect.stringContaining('<script>')],
      [true, 'Also: the deadline is flexible.'],
      [true, 'And thank you for applying!'],
      [false, 'Samples on Saturday. Thanks!'],
    ]);
  });

  it("opening a conversation marks its bell entries read (also one that comes after), not another conversation's", async () => {
    const newMessages = async (who: Me) =>
      (await who.client.get('/api/notifications'))
        .json<{ items: { kind: string; read: boolean; senderName?: string }[] }>()
        .items.filter((i) => i.kind === 'new-message');
    const unread = async (who: Me) => (await who.client.get('/api/notifications/unread')).json<{ unread: number }>().unread;

    // The student opened the conversation right after the first message (above), not since the two after it.
    await eventually(async () => (await newMessages(student)).length === 3);
    expect((await newMessages(student)).map((i) => i.read)).toEqual([false, false, true]);
    await thread(student);
    expect((await newMessages(student)).every((i) => i.read)).toBe(true);
    expect(await unread(student)).toBe(0);

    // The company hears in three conversations: the student again, student2 once shortlisted, and the
    // student on a second project of the company's.
    const secondId = await openProject(company.client, admin.client, project('Photos for a craft shop'));
    const app3Id = await applicationAt('submitted', { student: student.client, projectId: secondId, motivation });
    for (const id of [app2Id, app3Id]) {
      expect((await company.client.patch(`/api/applications/${id}/status`, { status: 'shortlisted' })).statusCode).toBe(200);
    }
    expect((await write(student, { body: 'One more question about the copy.' })).statusCode).toBe(201);
    expect((await write(student2, { body: 'Thank you for the shortlist!' }, app2Id)).statusCode).toBe(201);
    expect((await write(student, { body: 'I can take the photos too.' }, app3Id)).statusCode).toBe(201);
    // Everything the company is told so far is in (three applicants, four messages), so the count below moves only by what is read.
    await eventually(async () => {
      const items = (await company.client.get('/api/notifications')).json<{ items: { kind: string }[] }>().items;
      return (
        items.filter((i) => i.kind === 'new-applicant').length === 3 && items.filter((i) => i.kind === 'new-message').length === 4
      );
    });
    const before = await unread(company);
    await thread(company);
    const unreadFrom = async () =>
      (await newMessages(company))
        .filter((i) => !i.read)
        .map((i) => i.senderName)
        .sort();
    expect(await unreadFrom()).toEqual([student.user.fullName, student2.user.fullName].sort());
    expect(await unread(company)).toBe(before - 1);
    await thread(company, app2Id);
    expect(await unreadFrom()).toEqual([student.user.fullName]);
    await thread(company, app3Id);
    expect(await unreadFrom()).toEqual([]);

    // A message read before its bell entry is written: the entry is read once it is in.
    expect((await write(student, { body: 'Photos sent by email.' })).statusCode).toBe(201);
    await thread(company);
    await eventually(async () => {
      const entries = await newMessages(company);
      return entries.length === 5 && entries.every((i) => i.read);
    });
  });

  it('a person writes at most 20 messages a minute', async () => {
    // Three sent already by the company in this minute.
    for (let i = 0; i < 17; i++) expect((await write(company, { body: `Note ${String(i)}` })).statusCode).toBe(201);
    const refused = await write(company, { body: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe('too-many-requests');
    expect((await thread(company)).messages.some((m) => m.body === 'One too many')).toBe(false);
  });

  it('a withdrawn application closes its conversation; an erased person takes their messages with them', async () => {
    expect((await write(otherCompany, { body: 'x' }, app2Id)).statusCode).toBe(404);
    expect((await student2.client.post(`/api/applications/${app2Id}/withdraw`)).statusCode).toBe(200);
    const closed = await write(student2, { body: 'Sorry, I withdrew.' }, app2Id);
    expect(closed.statusCode).toBe(409);
    expect((await thread(student2, app2Id)).canWrite).toBe(false);

    expect((await admin.client.request('DELETE', `/api/admin/users/${student.user.id}`)).statusCode).toBe(200);
    const [left] = await api
      .get(MikroORM)
      .em.fork()
      .execute<{ n: string }[]>('select count(*) as n from messages where application_id = ?', [appId]);
    expect(Number(left?.n)).toBe(0);
  });
});
