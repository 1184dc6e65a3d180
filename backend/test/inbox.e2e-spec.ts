import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestEnv, eventually } from './support/env.js';
import { readUnread } from './support/streams.js';
import { openProject, signedIn } from './support/factories.js';
import { first } from './support/items.js';
import { InboxService } from '../src/notifications/index.js';

type Me = Awaited<ReturnType<typeof signedIn>>;
interface Item {
  id: string;
  kind: string;
  projectId?: string;
  projectTitle?: string;
  status?: string;
  approved?: boolean;
  companyName?: string;
  studentName?: string;
  read: boolean;
}
interface Inbox {
  items: Item[];
  total: number;
  unread: number;
}

const project = {
  title: 'Price survey for a grocery app',
  description: 'Compare prices in 30 shops in Amman and put them in a clean spreadsheet with notes.',
  requirements: [],
  skills: ['Excel'],
  responsibilities: [],
  qualifications: [],
  durationWeeks: 3,
  weeklyHours: 6,
  workMode: 'remote',
  paid: false,
};

describe('notifications in the app: written by the event handlers, read and marked by their owner, pushed live', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let other: NestFastifyApplication;
  let company: Me;
  let student: Me;
  let admin: Me;
  let quietAdmin: Me;
  let projectId: string;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    // A second api process: a change made through one reaches the streams held by the other.
    other = await env.api();
    await other.listen(0, '127.0.0.1');
    await env.worker();
    [company, student, admin, quietAdmin] = await Promise.all([
      signedIn(api, 'startup'),
      signedIn(api, 'student'),
      signedIn(api, 'admin'),
      signedIn(api, 'admin'),
    ]);
    expect((await quietAdmin.client.patch('/api/me', { emailNotifications: false })).statusCode).toBe(200);
  });
  afterAll(() => env.close());

  const inbox = async (who: Me, query = '') => {
    const res = await who.client.get(`/api/notifications${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<Inbox>();
  };

  it('each event that mails someone also tells them in the app, whatever their email setting', async () => {
    const created = await company.client.post('/api/projects', project);
    expect(created.statusCode).toBe(201);
    projectId = created.json<{ id: string }>().id;

    // Every active admin hears of the submitted project, the one without emails too (and gets no email).
    for (const who of [admin, quietAdmin]) {
      await eventually(async () => (await inbox(who)).items.some((i) => i.kind === 'project-submitted'));
      expect(first((await inbox(who)).items)).toMatchObject({
        kind: 'project-submitted',
        projectId,
        projectTitle: project.title,
        companyName: company.user.companyName,
        read: false,
      });
    }
    await eventually(() => env.smtp.to(admin.user.email, /Project to review/).length === 1);
    expect(env.smtp.to(quietAdmin.user.email, /Project to review/)).toHaveLength(0);

    expect(
      (await admin.client.post(`/api/admin/projects/${projectId}/review`, { decision: 'approve', version: 1 })).statusCode,
    ).toBe(200);
    await eventually(async () => (await inbox(company)).items.some((i) => i.kind === 'project-reviewed'));
    expect(first((await inbox(company)).items)).toMatchObject({ kind: 'project-reviewed', projectId, approved: true });

    const applied = await student.client.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'I compared prices for my economics class and I love spreadsheets.',
    });
    expect(applied.statusCode).toBe(201);
    await eventually(async () => (await inbox(company)).unread === 2);
    expect(first((await inbox(company)).items)).toMatchObject({
      kind: 'new-applicant',
      projectId,
      studentName: student.user.fullName,
    });

    const applicationId = applied.json<{ id: string }>().id;
    expect(
      (await company.client.patch(`/api/applications/${applicationId}/status`, { status: 'shortlisted' })).statusCode,
    ).toBeLessThan(300);
    await eventually(async () => (await inbox(student)).items.some((i) => i.kind === 'application-status'));
    expect(first((await inbox(student)).items)).toMatchObject({ kind: 'application-status', projectId, status: 'shortlisted' });

    // An invitation to another project reaches the student in the app too.
    const second = await openProject(company.client, admin.client, { ...project, title: 'Shelf photos for a grocery app' });
    expect(
      (await admin.client.post('/api/admin/recruitment/invitations', { projectId: second, studentId: student.user.id }))
        .statusCode,
    ).toBe(201);
    await eventually(async () => (await inbox(student)).items.some((i) => i.kind === 'invited'));
    expect(first((await inbox(student)).items)).toMatchObject({
      kind: 'invited',
      projectId: second,
      companyName: company.user.companyName,
    });
  });

  it('a retried job adds nothing twice', async () => {
    const service = api.get(InboxService);
    const before = (await inbox(student)).total;
    const facts = { projectId: randomUUID(), projectTitle: 'x', companyName: 'y' };
    expect(await service.add('replayed-job', student.user.id, 'invited', facts)).toBe(true);
    expect(await service.add('replayed-job', student.user.id, 'invited', facts)).toBe(false);
    expect((await inbox(student)).total).toBe(before + 1);
  });

  it('only the owner reads or marks their notifications; bad input gets a code', async () => {
    const mine = first((await inbox(company)).items);
    const stranger = await student.client.post(`/api/notifications/${mine.id}/read`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json<{ code: string }>().code).toBe('notification-not-found');
    expect((await inbox(company)).items.find((i) => i.id === mine.id)?.read).toBe(false);
    expect((await company.client.post('/api/notifications/not-an-id/read')).statusCode).toBe(400);
    for (const q of ['?page=0', '?pageSize=1000', '?unread=yes', '?extra=1']) {
      const res = await company.client.get(`/api/notifications${q}`);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ code: string }>().code).toBeTruthy();
    }
    const anonymous = await api.inject({ method: 'GET', url: '/api/notifications', headers: { 'x-requested-with': 'mashrou' } });
    expect(anonymous.statusCode).toBe(401);

    const before = (await inbox(company)).unread;
    const read = await company.client.post(`/api/notifications/${mine.id}/read`);
    expect(read.json()).toEqual({ unread: before - 1 });
    expect((await inbox(company, '?unread=true')).items.map((i) => i.id)).not.toContain(mine.id);
    expect((await company.client.post('/api/notifications/read-all')).json()).toEqual({ unread: 0 });
    expect((await company.client.get('/api/notifications/unread')).json()).toEqual({ unread: 0 });
  });

  it('an open stream hears the unread count at once and on every change, made in another api process', async () => {
    const { port } = other.getHttpServer().address() as AddressInfo;
    const cookie = `mashrou_session=${student.client.cookies.get('mashrou_session') ?? ''}`;
    const start = (await inbox(student)).unread;
    expect(start).toBeGreaterThan(0);
    const seen = await readUnread(
      `http://127.0.0.1:${String(port)}/api/notifications/stream`,
      cookie,
      (s) => s.includes(0),
      async () => {
        // Marked read through the first api process; the stream is held by the second.
        expect((await student.client.post('/api/notifications/read-all')).statusCode).toBe(200);
      },
    );
    expect(seen[0]).toBe(start);
    expect(seen).toContain(0);

    const anonymous = await fetch(`http://127.0.0.1:${String(port)}/api/notifications/stream`);
    expect(anonymous.status).toBe(401);
  });

  it('one person holds at most 10 streams per api process: the oldest is told to poll instead', async () => {
    const { port } = other.getHttpServer().address() as AddressInfo;
    const cookie = `mashrou_session=${company.client.cookies.get('mashrou_session') ?? ''}`;
    const url = `http://127.0.0.1:${String(port)}/api/notifications/stream`;
    const streams: { abort: AbortController; reader: ReadableStreamDefaultReader<Uint8Array> }[] = [];
    try {
      for (let i = 0; i < 11; i++) {
        const abort = new AbortController();
        const res = await fetch(url, { headers: { cookie, 'x-requested-with': 'mashrou' }, signal: abort.signal });
        expect(res.status).toBe(200);
        const reader = res.body!.getReader();
        // Each is open once it has said the count.
        let head = '';
        while (!head.includes('event: unread')) head += new TextDecoder().decode((await reader.read()).value);
        streams.push({ abort, reader });
      }
      const decoder = new TextDecoder();
      let rest = '';
      for (;;) {
        const { value, done } = await streams[0]!.reader.read();
        if (done) break;
        rest += decoder.decode(value);
      }
      expect(rest).toContain('event: evicted');
    } finally {
      for (const s of streams) s.abort.abort();
    }
  });
});
