import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { TestEnv, eventually, sleep } from './support/env.js';
import { ApiClient } from './support/client.js';
import { signedIn } from './support/factories.js';
import { first } from './support/items.js';
import { QUESTIONS } from '../src/onboarding/question-bank.js';

describe('onboarding, assessment, admin notifications, queue board', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  const year = new Date().getFullYear();

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    await env.worker();
  });
  afterAll(() => env.close());

  const mails = (to: string, subject: RegExp) => env.smtp.to(to, subject);

  it('the student info form validates, completes onboarding once and sends one onboarding email', async () => {
    const { user, client } = await signedIn(api, 'student');
    const bad = [
      { school: '', graduationYear: year },
      { school: 'AUB', graduationYear: year - 1 },
      { school: 'AUB', graduationYear: year + 10 },
      { school: 'AUB', graduationYear: year, linkedin: 'https://evil.example/in/x' },
      { school: 'AUB', graduationYear: year, whatsapp: 'call me' },
      { school: 'AUB', graduationYear: year, onboardingComplete: true },
      { school: 'AUB', graduationYear: String(year) },
    ];
    for (const body of bad) expect((await client.request('PUT', '/api/onboarding/student', body)).statusCode).toBe(422);
    expect((await client.get('/api/auth/me')).json()).toMatchObject({ user: { onboardingComplete: false } });

    const ok = await client.request('PUT', '/api/onboarding/student', {
      school: 'American University of Beirut',
      graduationYear: year + 2,
      whatsapp: '+961 70 123 456',
      linkedin: 'https://www.linkedin.com/in/layla-h',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      user: { onboardingComplete: true, school: 'American University of Beirut', graduationYear: year + 2 },
    });
    await client.request('PUT', '/api/onboarding/student', { school: 'AUB', graduationYear: year + 2 });
    await eventually(() => mails(user.email, /profile is complete/).length === 1);
    expect((await client.post('/api/onboarding/company/complete')).statusCode).toBe(403);
  });

  it('a company finishes Book a Call; options give the booking link and ten graduation years', async () => {
    const { user, client } = await signedIn(api, 'startup');
    const options = (await new ApiClient(api).get('/api/onboarding/options')).json<{
      graduationYears: number[];
      bookingUrl: string;
    }>();
    expect(options.graduationYears).toEqual(Array.from({ length: 10 }, (_, i) => year + i));
    expect(options.bookingUrl).toMatch(/^https:\/\//);
    const res = await client.post('/api/onboarding/company/complete');
    expect(res.json()).toMatchObject({ user: { onboardingComplete: true, userType: 'startup' } });
    await eventually(() => mails(user.email, /profile is complete/).length === 1);
    expect((await client.request('PUT', '/api/onboarding/student', { school: 'X', graduationYear: year })).statusCode).toBe(403);
  });

  it('with email notifications off, onboarding sends no email (the code and reset emails still would)', async () => {
    const { user, client } = await signedIn(api, 'startup');
    expect((await client.patch('/api/me', { emailNotifications: false })).statusCode).toBe(200);
    expect((await client.post('/api/onboarding/company/complete')).statusCode).toBe(200);
    await client.post('/api/auth/password-reset', { email: user.email });
    await eventually(() => mails(user.email, /Reset your/).length === 1);
    expect(mails(user.email, /profile is complete/)).toHaveLength(0);
  });

  it('the assessment is scored on the server and stored; incomplete answers are refused', async () => {
    const { client } = await signedIn(api, 'student');
    const form = (await client.get('/api/onboarding/assessment')).json<{
      version: number;
      questions: { id: string; options: { id: string }[] }[];
      result: unknown;
    }>();
    expect(form.result).toBeNull();
    expect(JSON.stringify(form.questions)).not.toContain('points');
    const best = Object.fromEntries(QUESTIONS.map((q) => [q.id, first(Object.entries(q.points).sort((a, b) => b[1] - a[1]))[0]]));
    // Every answer but the first question's.
    const skipped = first(QUESTIONS).id;
    const partial = Object.fromEntries(Object.entries(best).filter(([id]) => id !== skipped));
    expect(
      (await client.post('/api/onboarding/assessment', { version: form.version, answers: partial, skills: ['SQL'] })).statusCode,
    ).toBe(422);
    expect(
      (await client.post('/api/onboarding/assessment', { version: form.version, answers: best, skills: [] })).statusCode,
    ).toBe(422);
    const res = await client.post('/api/onboarding/assessment', {
      version: form.version,
      answers: best,
      skills: ['SQL', 'React', 'SQL'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      result: { overall: 100, scores: { problemSolving: 100, technical: 100 }, skills: ['SQL', 'React'] },
    });
    expect((await client.get('/api/auth/me')).json()).toMatchObject({ user: { assessmentComplete: true } });
    expect((await client.get('/api/onboarding/assessment')).json<{ result: { overall: number } }>().result.overall).toBe(100);
    const { client: company } = await signedIn(api, 'startup');
    expect((await company.get('/api/onboarding/assessment')).statusCode).toBe(403);
  });

  it('a signup creates a pending admin notification; admins who keep notifications on get an email once the address is verified', async () => {
    const { user: admin, client: adminClient } = await signedIn(api, 'admin');
    const { user: quiet } = await signedIn(api, 'admin');
    await api.get(MikroORM).em.fork().execute('update users set email_notifications = false where id = ?', [quiet.id]);
    const newbie = new ApiClient(api);
    const res = await newbie.post('/api/auth/signup', {
      userType: 'student',
      email: 'newbie@example.com',
      password: 'secret1',
      fullName: 'New Bie',
    });
    expect(res.statusCode).toBe(201);
    // The notification is on the dashboard at once; nothing is mailed about an unproven address.
    const pending = async () =>
      (await adminClient.get('/api/admin/notifications?status=pending')).json<{ items: { email: string }[] }>().items;
    await eventually(async () => (await pending()).some((i) => i.email === 'newbie@example.com'));
    await sleep(500);
    expect(mails(admin.email, /signup/)).toHaveLength(0);
    // Verified: now the admins hear of it.
    await newbie.post('/api/verify-email', { email: 'newbie@example.com' });
    const code = await eventually(() => /\b(\d{6})\b/.exec(mails('newbie@example.com', /verification code/)[0]?.text ?? '')?.[1]);
    expect((await newbie.post('/api/verify-email/confirm', { email: 'newbie@example.com', code })).json()).toEqual({
      valid: true,
    });
    await eventually(() => mails(admin.email, /New student signup: New Bie/).length === 1);
    expect(mails(quiet.email, /signup/)).toHaveLength(0);

    const list = (await adminClient.get('/api/admin/notifications?status=pending')).json<{
      items: { id: string; email: string; status: string; type: string }[];
    }>();
    const n = list.items.find((i) => i.email === 'newbie@example.com')!;
    expect(n).toMatchObject({ type: 'signup', status: 'pending' });
    expect((await adminClient.post(`/api/admin/notifications/${n.id}/review`)).json()).toMatchObject({ status: 'reviewed' });
    expect((await adminClient.post('/api/admin/notifications/review-all')).statusCode).toBe(200);
    const overview = (await adminClient.get('/api/admin/overview')).json<{
      users: { total: number };
      pendingNotifications: number;
    }>();
    expect(overview.pendingNotifications).toBe(0);
    expect(overview.users.total).toBeGreaterThan(0);
    expect((await adminClient.get('/api/admin/notifications?pageSize=1000')).statusCode).toBe(422);
    expect((await adminClient.post('/api/admin/notifications/not-a-uuid/review')).statusCode).toBe(400);
  });

  it('admin routes and the queue board are for admins only', async () => {
    const { client: student } = await signedIn(api, 'student');
    const { client: admin } = await signedIn(api, 'admin');
    const anon = new ApiClient(api);
    expect((await anon.get('/api/admin/overview')).statusCode).toBe(401);
    expect((await student.get('/api/admin/overview')).statusCode).toBe(403);
    expect((await anon.get('/admin/queues/api/queues')).statusCode).toBe(401);
    expect((await student.get('/admin/queues/api/queues')).statusCode).toBe(403);
    const html = await anon.request('GET', '/admin/queues', undefined, { accept: 'text/html' });
    expect(html.statusCode).toBe(303);
    expect(html.headers.location).toContain('/signin');
    const board = await admin.get('/admin/queues/api/queues');
    expect(board.statusCode).toBe(200);
    expect(JSON.stringify(board.json())).toContain('notifications');
  });

  it('notifications-send-email: admins only (anyone else, even to their own address, is refused)', async () => {
    const { user, client } = await signedIn(api, 'student');
    const other = await client.post('/api/notifications-send-email', { type: 'test', email: 'someone@example.com' });
    expect([other.statusCode, other.json().code]).toEqual([403, 'forbidden']);
    const own = await client.post('/api/notifications-send-email', {
      type: 'onboarding_complete',
      userId: user.id,
      email: user.email,
      fullName: user.fullName,
    });
    expect([own.statusCode, own.json().code]).toEqual([403, 'forbidden']);
    const { client: admin } = await signedIn(api, 'admin');
    const sent = await admin.post('/api/notifications-send-email', { type: 'test', email: 'anyone@example.com' });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ success: true, message: 'Email queued for delivery.' });
    await eventually(() => mails('anyone@example.com', /test email/).length === 1);
    expect(
      (await new ApiClient(api).post('/api/notifications-send-email', { type: 'test', email: 'a@example.com' })).statusCode,
    ).toBe(401);
  });
});
