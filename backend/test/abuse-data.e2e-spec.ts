/**
 * Issue 9, the data side: quotas that parallel uploads cannot pass, download links that expire,
 * a CV that leaves with a withdrawn application, secrets that never reach a log, sessions that end,
 * production defaults that refuse to start unsafe, and an erasure that leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { TestEnv, eventually, sleep, waitForOutput, exitOf } from './support/env.js';
import { ApiClient } from './support/client.js';
import { freePort } from './support/free-port.js';
import { openProject, PASSWORD, signedIn, takeAssessment } from './support/factories.js';
import { PDF, upload } from './support/files.js';
import { first, nth, only } from './support/items.js';
import { insertUser } from '../src/identity/insert-user.js';
import { DEMO_PASSWORD } from '../src/identity/demo-accounts.js';
import { StorageService } from '../src/storage/storage.service.js';
import { RateLimitService } from '../src/rate-limit/rate-limit.service.js';
import { SessionsService } from '../src/identity/sessions.service.js';

describe('abuse: files', () => {
  // A quota that fits three of these PDFs (2,016 bytes each), not four.
  const env = new TestEnv({ FILE_MAX_BYTES: '10000', USER_QUOTA_BYTES: '7000', USER_MAX_FILES: '4' });
  let api: NestFastifyApplication;
  let orm: MikroORM;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    orm = api.get(MikroORM);
  });
  afterAll(() => env.close());

  it('10 parallel uploads against a quota that fits 3: exactly 3 are stored, the rest get quota-exceeded', async () => {
    const { user, client } = await signedIn(api, 'student');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(client, `cv/p${i}.pdf`, `p${i}.pdf`, PDF)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(new Set(answers.filter((a) => a.statusCode !== 201).map((a) => `${a.statusCode} ${a.json().code}`))).toEqual(
      new Set(['402 quota-exceeded']),
    );
    const row = only(
      await orm.em
        .fork()
        .execute<{ files: string; bytes: string; stored: string }[]>(
          `select u.files, u.bytes, (select coalesce(sum(size), 0) from files where owner_id = u.user_id) as stored from storage_usage u where user_id = ?`,
          [user.id],
        ),
    );
    expect([Number(row.files), Number(row.bytes)]).toEqual([3, 3 * PDF.length]);
    expect(Number(row.stored)).toBe(3 * PDF.length);
  });

  it('a user keeps at most USER_MAX_FILES files; deleting one frees its slot and its bytes', async () => {
    const { client } = await signedIn(api, 'student');
    const small = PDF.subarray(0, 600);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await upload(client, `cv/s${i}.pdf`, `s${i}.pdf`, small)).json<{ id: string }>().id);
    const fifth = await upload(client, 'cv/s4.pdf', 's4.pdf', small);
    expect([fifth.statusCode, fifth.json().code, fifth.json().details]).toEqual([402, 'quota-exceeded', { limit: 'files' }]);
    expect((await client.request('DELETE', `/api/files/${ids[0]}`)).statusCode).toBe(204);
    expect((await upload(client, 'cv/s4.pdf', 's4.pdf', small)).statusCode).toBe(201);
  });

  it('download links expire (a week by default) and the owner can issue a new one', async () => {
    const { client } = await signedIn(api, 'student');
    const file = (await upload(client, 'cv/link.pdf', 'link.pdf', PDF)).json<{
      id: string;
      downloadUrl: string;
      downloadUrlExpiresAt: string;
    }>();
    const days = (new Date(file.downloadUrlExpiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const anon = new ApiClient(api);
    expect((await anon.get(file.downloadUrl)).statusCode).toBe(200);
    await orm.em.fork().execute(`update files set token_expires_at = now() - interval '1 second' where id = ?`, [file.id]);
    const expired = await anon.get(file.downloadUrl);
    expect([expired.statusCode, expired.json().code]).toEqual([403, 'link-expired']);
    expect((await client.get(`/api/files/${file.id}`)).statusCode).toBe(200); // the owner still reads it
    const fresh = (await client.post(`/api/files/${file.id}/token`)).json<{ downloadUrl: string }>();
    expect((await anon.get(fresh.downloadUrl)).statusCode).toBe(200);
    expect((await anon.get(file.downloadUrl)).statusCode).toBe(401);
  });

  it('a company loses the CV when the application is withdrawn (unless the CV is still with another live application to it)', async () => {
    const { client: company } = await signedIn(api, 'startup');
    const { client: admin } = await signedIn(api, 'admin');
    const { client: student } = await signedIn(api, 'student');
    const first = await openProject(company, admin, { title: 'First project' });
    const second = await openProject(company, admin, { title: 'Second project' });
    const cv = (await upload(student, 'cv/mine.pdf', 'mine.pdf', PDF)).json<{ id: string }>();
    const motivation = 'I have built two dashboards for family shops and enjoy SQL.';
    const a1 = (await student.post(`/api/marketplace/projects/${first}/apply`, { motivation, cvFileId: cv.id })).json<{
      id: string;
    }>();
    const a2 = (await student.post(`/api/marketplace/projects/${second}/apply`, { motivation, cvFileId: cv.id })).json<{
      id: string;
    }>();
    expect((await company.get(`/api/files/${cv.id}`)).statusCode).toBe(200);

    expect((await student.post(`/api/applications/${a1.id}/withdraw`)).statusCode).toBe(200);
    expect((await company.get(`/api/files/${cv.id}`)).statusCode).toBe(200); // still sent with the second
    const applicants = (await company.get(`/api/projects/${first}/applications`)).json<{
      items: { id: string; cvUrl?: string }[];
    }>().items;
    expect(applicants.find((a) => a.id === a1.id)?.cvUrl).toBeUndefined();

    expect((await student.post(`/api/applications/${a2.id}/withdraw`)).statusCode).toBe(200);
    // Sent with nothing any more and not the profile's CV: deleted, for the student too.
    const denied = await company.get(`/api/files/${cv.id}`);
    expect([denied.statusCode, denied.json().code]).toEqual([404, 'object-not-found']);
    expect((await student.get(`/api/files/${cv.id}`)).statusCode).toBe(404);
  });

  it('two applications with one CV withdrawn at the same moment still take the CV back', async () => {
    const { client: company } = await signedIn(api, 'startup');
    const { client: admin } = await signedIn(api, 'admin');
    const { client: student } = await signedIn(api, 'student');
    const ids = [
      await openProject(company, admin, { title: 'Race one' }),
      await openProject(company, admin, { title: 'Race two' }),
    ];
    const cv = (await upload(student, 'cv/race.pdf', 'race.pdf', PDF)).json<{ id: string }>();
    const apps = [];
    for (const id of ids) {
      apps.push(
        (
          await student.post(`/api/marketplace/projects/${id}/apply`, {
            motivation: 'Two applications, one CV, withdrawn together.',
            cvFileId: cv.id,
          })
        ).json<{ id: string }>(),
      );
    }
    const done = await Promise.all(apps.map((a) => student.post(`/api/applications/${a.id}/withdraw`)));
    expect(done.map((d) => d.statusCode)).toEqual([200, 200]);
    // Whichever withdrawal ends last sees no share left: the CV is gone for the company and the student.
    expect((await company.get(`/api/files/${cv.id}`)).statusCode).toBe(404);
    expect((await student.get(`/api/files/${cv.id}`)).statusCode).toBe(404);
  });

  it('usage that drifted from the files (a crash between reservation and row) is set right by the hourly job', async () => {
    const { user, client } = await signedIn(api, 'student');
    expect((await upload(client, 'cv/real.pdf', 'real.pdf', PDF)).statusCode).toBe(201);
    await orm.em
      .fork()
      .execute(`update storage_usage set bytes = 6000, files = 3, updated_at = now() - interval '2 hours' where user_id = ?`, [
        user.id,
      ]);
    expect((await upload(client, 'cv/more.pdf', 'more.pdf', PDF)).statusCode).toBe(402); // the ghost bytes fill the quota
    await orm.em.fork().execute(`update storage_usage set updated_at = now() - interval '2 hours' where user_id = ?`, [user.id]);
    expect(await api.get(StorageService).reconcileUsage()).toBeGreaterThanOrEqual(1);
    expect((await upload(client, 'cv/more.pdf', 'more.pdf', PDF)).statusCode).toBe(201);
  });
});

describe('abuse: secrets never reach a log', () => {
  const env = new TestEnv();
  let logs = '';

  beforeAll(async () => {
    await env.start();
  });
  afterAll(() => env.close());

  it('a full sign-up, reset and download, logged at trace level by the real api and worker, shows no code, token or password', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const settings = { LOG_LEVEL: 'trace', PORT: String(port), WEB_ORIGIN: base };
    const api = env.spawnScript('dist/main.js', settings);
    const worker = env.spawnScript('dist/worker.js', settings);
    for (const p of [api, worker]) {
      p.stdout?.on('data', (c: Buffer) => (logs += c.toString()));
      p.stderr?.on('data', (c: Buffer) => (logs += c.toString()));
    }
    await Promise.all([waitForOutput(api, /api listening/), waitForOutput(worker, /worker started/)]);

    let cookie = '';
    let device = '';
    const call = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          'x-requested-with': 'mashrou',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...extra,
        },
        body: body === undefined ? undefined : body instanceof Buffer ? new Uint8Array(body) : JSON.stringify(body),
      });
      const set = res.headers.getSetCookie().find((c) => c.startsWith('mashrou_session='));
      if (set) cookie = first(set.split(';'));
      const dev = res.headers.getSetCookie().find((c) => c.startsWith('mashrou_device='));
      if (dev) device = first(dev.split(';')).split('=')[1] ?? '';
      return res;
    };
    const password = 'Secret-Pass-Log-1';
    expect(
      (await call('POST', '/api/auth/signup', { userType: 'student', email: 'logs@example.com', password, fullName: 'Log Test' }))
        .status,
    ).toBe(201);
    const session = nth(cookie.split('='), 1);
    expect((await call('POST', '/api/verify-email', { email: 'logs@example.com' })).status).toBe(202);
    const code = (await eventually(
      () => /\b(\d{6})\b/.exec(env.smtp.to('logs@example.com', /verification code/)[0]?.text ?? '')?.[1],
    ))!;
    expect(await (await call('POST', '/api/verify-email/confirm', { email: 'logs@example.com', code })).json()).toEqual({
      valid: true,
    });

    expect((await call('POST', '/api/auth/password-reset', { email: 'logs@example.com' })).status).toBe(202);
    const link = (await eventually(
      () => /(http\S+reset-password\?token=[\w-]+)/.exec(env.smtp.to('logs@example.com', /Reset your/)[0]?.text ?? '')?.[1],
    ))!;
    const resetToken = new URL(link).searchParams.get('token')!;
    const newPassword = 'Another-Secret-Log-2';
    expect((await call('POST', '/api/auth/password-reset/confirm', { token: resetToken, password: newPassword })).status).toBe(
      204,
    );
    expect((await call('POST', '/api/auth/signin', { email: 'logs@example.com', password: newPassword })).status).toBe(200);

    const boundary = '----logtest';
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await call('POST', '/api/files?path=cv/cv.pdf', form, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(up.status).toBe(201);
    const { downloadUrl } = (await up.json()) as { downloadUrl: string };
    const downloadToken = new URL(downloadUrl, base).searchParams.get('token')!;
    cookie = '';
    expect((await call('GET', downloadUrl)).status).toBe(200);
    // A failing request with the secrets in its query string is logged too (as a warning).
    expect((await call('GET', `/api/files/${randomUUID()}?token=${downloadToken}.${code}`)).status).toBe(404);
    await sleep(500);

    // The logs are real: the requests and the mails are in them…
    expect(logs).toContain('/api/auth/password-reset/confirm');
    expect(logs).toContain('"template":"VerificationCode"');
    expect(logs).toContain('"template":"PasswordReset"');
    // …and no secret is.
    expect(device.length).toBeGreaterThan(20);
    for (const secret of [code, resetToken, downloadToken, session, device, password, newPassword]) {
      expect([secret.slice(0, 6), logs.includes(secret)]).toEqual([secret.slice(0, 6), false]);
    }
    expect(logs).not.toMatch(/Your Mashrou verification code|Reset your Mashrou password/);
  });
});

describe('abuse: sessions end', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let orm: MikroORM;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    orm = api.get(MikroORM);
  });
  afterAll(() => env.close());

  it('a session unused for SESSION_IDLE_DAYS (7) ends, whatever its 30-day lifetime', async () => {
    const { user, client } = await signedIn(api, 'student');
    await orm.em.fork().execute(`update sessions set last_seen_at = now() - interval '6 days' where user_id = ?`, [user.id]);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    await orm.em
      .fork()
      .execute(`update sessions set last_seen_at = now() - interval '7 days 1 minute' where user_id = ?`, [user.id]);
    // The week passed behind the api's back: it must not answer from the session it holds in memory.
    api.get(SessionsService).changed(user.id);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('a scheduled job (one schedule for any number of workers) purges ended sessions, old codes and reset links', async () => {
    const { user } = await signedIn(api, 'student');
    const em = orm.em.fork();
    await em.execute(
      `insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values
         ('expired-session', ?, now() - interval '40 days', now() - interval '1 day', now() - interval '10 days'),
         ('idle-session', ?, now() - interval '20 days', now() - interval '8 days', now() + interval '10 days')`,
      [user.id, user.id],
    );
    await em.execute(
      `insert into verification_codes (id, user_id, email, code_hash, created_at) values (?, ?, ?, 'x', now() - interval '2 days'), (?, ?, ?, 'y', now())`,
      [randomUUID(), user.id, user.email, randomUUID(), user.id, user.email],
    );
    await em.execute(
      `insert into password_reset_tokens (id, user_id, token_hash, created_at, expires_at) values (?, ?, 'old', now() - interval '3 days', now() - interval '2 days')`,
      [randomUUID(), user.id],
    );
    const count = async (sql: string) =>
      Number(only(await orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from ${sql}`, [user.id])).n);
    expect(await count(`sessions where user_id = ?`)).toBe(3);

    // The first workers of this environment: the schedule is created, and its first run is now.
    await Promise.all([env.worker(), env.worker()]);
    await eventually(async () => (await count(`sessions where user_id = ?`)) === 1, 20_000);
    expect(await count(`verification_codes where user_id = ?`)).toBe(1);
    expect(await count(`password_reset_tokens where user_id = ?`)).toBe(0);
    const queue = api.get<Queue>(getQueueToken('maintenance'), { strict: false });
    const schedulers = await queue.getJobSchedulers();
    // One of each schedule, however many workers started (the purge hourly, the search prune daily; deadlines and the digests: deadlines-moderation.e2e-spec).
    expect(schedulers.map((s) => [s.key, s.every ?? s.pattern]).sort()).toEqual([
      ['close-expired-projects', 900000],
      ['company-digest', '0 7 * * 1'],
      ['prune-search-index', 86400000],
      ['purge-expired', 3600000],
      ['search-digest', '0 6 * * *'],
    ]);
  });

  it('changing the password ends the other sessions and every reset link mailed before', async () => {
    const { user, client: here } = await signedIn(api, 'student');
    const there = new ApiClient(api);
    expect((await there.post('/api/auth/signin', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    const worker = await env.worker();
    await new ApiClient(api).post('/api/auth/password-reset', { email: user.email });
    const link = (await eventually(
      () => /(http\S+reset-password\?token=[\w-]+)/.exec(env.smtp.to(user.email, /Reset your/)[0]?.text ?? '')?.[1],
    ))!;
    await worker.close();
    expect((await here.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'changed-pass-1' })).statusCode).toBe(
      204,
    );
    expect((await here.get('/api/auth/me')).statusCode).toBe(200);
    expect((await there.get('/api/auth/me')).statusCode).toBe(401);
    const old = await new ApiClient(api).post('/api/auth/password-reset/confirm', {
      token: new URL(link).searchParams.get('token'),
      password: 'sneaky-pass-1',
    });
    expect([old.statusCode, old.json().code]).toEqual([400, 'invalid-reset-link']);
  });
});

describe('abuse: production defaults', () => {
  const env = new TestEnv();

  beforeAll(async () => {
    await env.start();
  });
  afterAll(() => env.close());

  const PROD = { NODE_ENV: 'production', APP_SECRET: 'q8Vw2Lr5Tz9Xb3Nm7Kc1Hf4Jd6Gs0Pa2Ye5Ui8', LOG_LEVEL: 'warn' };

  it('the api refuses to start in production with dev tools on or a published secret (exit 78, naming the variable)', async () => {
    const devTools = env.spawnScript('dist/main.js', { ...PROD, DEV_TOOLS: 'true' });
    let out = '';
    devTools.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    expect(await exitOf(devTools)).toBe(78);
    expect(out).toContain('DEV_TOOLS: must be off in production');
    const secret = env.spawnScript('dist/main.js', { ...PROD, APP_SECRET: 'mashrou-development-secret-change-me-0000' });
    let out2 = '';
    secret.stderr?.on('data', (c: Buffer) => (out2 += c.toString()));
    expect(await exitOf(secret)).toBe(78);
    expect(out2).toContain('APP_SECRET');
  });

  it('the api refuses to start in production while an account opens with the demo password; the seed refuses to run', async () => {
    const orm = await MikroORM.init((await import('../src/orm.config.js')).ormConfig(env.config()));
    try {
      await insertUser(orm.em.fork(), {
        email: 'admin@mashrou.local',
        password: DEMO_PASSWORD,
        fullName: 'Demo Admin',
        userType: 'admin',
        verified: true,
      });
      const port = await freePort();
      const refused = env.spawnScript('dist/main.js', { ...PROD, PORT: String(port) });
      let out = '';
      refused.stderr?.on('data', (c: Buffer) => (out += c.toString()));
      expect(await exitOf(refused)).toBe(1);
      expect(out).toContain('public demo password');
      expect(out).toContain('admin@mashrou.local');

      await orm.em.fork().execute(`delete from users where email = 'admin@mashrou.local'`);
      const ok = env.spawnScript('dist/main.js', { ...PROD, PORT: String(port), LOG_LEVEL: 'info' });
      await waitForOutput(ok, /api listening/);
      const health = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect(health.status).toBe(200);
      // The OpenAPI page is off in production unless API_DOCS=true.
      expect((await fetch(`http://127.0.0.1:${port}/api/docs`)).status).toBe(404);
      ok.kill('SIGTERM');
      await exitOf(ok);

      const seed = env.spawnScript('dist/cli/seed.js', PROD);
      let seedOut = '';
      seed.stderr?.on('data', (c: Buffer) => (seedOut += c.toString()));
      expect(await exitOf(seed)).toBe(64);
      expect(seedOut).toContain('refusing to run in production');
      const demo = await orm.em.fork().execute(`select 1 from users where email like '%mashrou.local'`);
      expect(demo).toHaveLength(0);
    } finally {
      await orm.close(true);
    }
  });
});

describe('abuse: erasure leaves nothing behind', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let orm: MikroORM;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    orm = api.get(MikroORM);
    await env.worker();
  });
  afterAll(() => env.close());

  /** Every row of every table and every Redis key (and value) of this test file that holds one of `needles`. */
  async function leaks(needles: string[]) {
    const lower = needles.map((n) => n.toLowerCase());
    const tables: string[] = [];
    const names = await orm.em
      .fork()
      .execute<{ table_name: string }[]>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
    expect(names.length).toBeGreaterThan(10);
    for (const { table_name } of names) {
      const rows = await orm.em.fork().execute<{ r: string }[]>(`select lower(t::text) as r from "${table_name}" t`);
      for (const { r } of rows)
        for (const n of lower) if (r.includes(n)) tables.push(`${table_name}: ${n} in ${r.slice(0, 200)}`);
    }
    const redis = env.redis();
    const found: string[] = [];
    for (const key of await env.redisKeys('*')) {
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : type === 'list'
              ? JSON.stringify(await redis.lrange(key, '0', '-1'))
              : type === 'set'
                ? JSON.stringify(await redis.smembers(key))
                : type === 'zset'
                  ? JSON.stringify(await redis.zrange(key, '0', '-1'))
                  : type === 'stream'
                    ? JSON.stringify(await redis.xrange(key, '-', '+'))
                    : '';
      const text = `${key} ${value}`.toLowerCase();
      for (const n of lower) if (text.includes(n)) found.push(`${key} (${type}): ${n}`);
    }
    return { tables, redis: found };
  }

  const settle = async () => {
    const queue = api.get<Queue>(getQueueToken('notifications'), { strict: false });
    await eventually(
      async () =>
        (await queue.getActiveCount()) + (await queue.getWaitingCount()) === 0 &&
        (await orm.em.fork().execute(`select 1 from outbox_events where dispatched_at is null`)).length === 0,
    );
  };

  it('a student who did everything is deleted: no table and no Redis key holds their email, name or ids', async () => {
    const email = 'Zaynab.Erasable@Example.com';
    const fullName = 'Zaynab Qasimi-Erasable';
    const { client: admin } = await signedIn(api, 'admin');
    const { client: company } = await signedIn(api, 'startup');
    const projectId = await openProject(company, admin, { title: 'Inventory tracker' });

    // Signs up, verifies, onboards, takes the assessment.
    const student = new ApiClient(api);
    expect(
      (await student.post('/api/auth/signup', { userType: 'student', email, password: 'secret-erase-1', fullName })).statusCode,
    ).toBe(201);
    const me = (await student.get('/api/auth/me')).json<{ user: { id: string } }>();
    const userId = me.user.id;
    await student.post('/api/verify-email', { email });
    const code = await eventually(() => /\b(\d{6})\b/.exec(env.smtp.to(email, /verification code/)[0]?.text ?? '')?.[1]);
    expect((await student.post('/api/verify-email/confirm', { email, code })).json()).toEqual({ valid: true });
    expect(
      (
        await student.request('PUT', '/api/onboarding/student', {
          school: 'Zaynab Academy',
          graduationYear: new Date().getFullYear() + 1,
          whatsapp: '+962790000000',
          linkedin: 'https://www.linkedin.com/in/zaynab-erasable',
        })
      ).statusCode,
    ).toBeLessThan(300);
    await takeAssessment(student, ['SQL', 'React']);

    // Is invited, applies with a CV, gets a note; an admin reviews their signup and mails them.
    expect((await admin.post('/api/admin/recruitment/invitations', { projectId, studentId: userId })).statusCode).toBe(201);
    const cv = (await upload(student, 'cv/zaynab.pdf', 'Zaynab CV.pdf', PDF)).json<{ id: string }>();
    const application = (
      await student.post(`/api/marketplace/projects/${projectId}/apply`, {
        motivation: 'Zaynab here: I track stock for my family shop.',
        cvFileId: cv.id,
      })
    ).json<{ id: string }>();
    expect(
      (
        await company.request('PATCH', `/api/applications/${application.id}/status`, {
          status: 'shortlisted',
          notes: 'Zaynab, we loved your answer.',
        })
      ).statusCode,
    ).toBe(200);
    const notes = (await admin.get('/api/admin/notifications')).json<{ items: { id: string; email: string }[] }>();
    const signup = notes.items.find((n) => n.email === email)!;
    expect((await admin.post(`/api/admin/notifications/${signup.id}/review`)).statusCode).toBe(200);
    expect((await admin.post('/api/notifications-send-email', { type: 'test', email })).statusCode).toBe(202);
    await new ApiClient(api).post('/api/auth/password-reset', { email });
    const queue = api.get<Queue>(getQueueToken('notifications'), { strict: false });
    await eventually(
      async () =>
        env.smtp.to(email, /Reset your/).length === 1 && (await queue.getActiveCount()) + (await queue.getWaitingCount()) === 0,
    );
    expect(await queue.getCompletedCount()).toBeGreaterThan(5);

    // Deleted by an admin.
    expect((await admin.request('DELETE', `/api/admin/users/${userId}`)).json()).toEqual({ id: userId, deleted: true });
    await sleep(300);

    // Also the keyed mailbox that names them in rate-limit keys.
    const mailbox = api.get(RateLimitService).address(email);
    const needles = [
      email.toLowerCase(),
      fullName.toLowerCase(),
      userId,
      cv.id,
      mailbox,
      '+962790000000',
      'zaynab-erasable',
      'zaynab academy',
    ];
    expect(await leaks(needles)).toEqual({ tables: [], redis: [] });

    // What stays is the company's record: the application, anonymous, with no motivation or note.
    const applicants = (await company.get(`/api/projects/${projectId}/applications`)).json<{
      items: { id: string; motivation: string; notes?: string; student: { fullName: string } }[];
    }>().items;
    expect(applicants.find((a) => a.id === application.id)).toMatchObject({
      motivation: '',
      student: { fullName: 'Deleted user' },
    });
    expect(applicants.find((a) => a.id === application.id)?.notes).toBeUndefined();
  });

  it('a company and an admin are erased as well: their projects stay (closed, unattributed), their actions stay (by "deleted admin")', async () => {
    const { client: root } = await signedIn(api, 'admin');
    const { user: company, client: companyClient } = await signedIn(api, 'startup', {
      email: 'Rania.Co@Example.com',
      fullName: 'Rania Companyperson',
      companyName: 'Rania Trading',
    });
    const { user: helper, client: helperAdmin } = await signedIn(api, 'admin', {
      email: 'adnan.admin@example.com',
      fullName: 'Adnan Adminperson',
    });
    const { user: student, client: studentClient } = await signedIn(api, 'student');
    const projectId = await openProject(companyClient, helperAdmin, { title: 'Shelf labels' });
    const applied = (
      await studentClient.post(`/api/marketplace/projects/${projectId}/apply`, {
        motivation: 'I print labels for my family shop every week.',
      })
    ).json<{ id: string }>();
    expect(
      (
        await companyClient.request('PATCH', `/api/applications/${applied.id}/status`, {
          status: 'under_review',
          notes: 'Rania will call you.',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await helperAdmin.post('/api/notifications-send-email', { type: 'test', email: 'adnan.admin@example.com' })).statusCode,
    ).toBe(202);
    await helperAdmin.request('PATCH', `/api/admin/users/${student.id}/role`, { role: 'student' });
    await helperAdmin.post(`/api/admin/users/${student.id}/deactivate`);
    await helperAdmin.post(`/api/admin/users/${student.id}/reactivate`);
    await settle();

    for (const who of [company, helper])
      expect((await root.request('DELETE', `/api/admin/users/${who.id}`)).statusCode).toBe(200);
    await sleep(300);
    const rl = api.get(RateLimitService);
    expect(
      await leaks([
        company.email,
        'Rania Companyperson',
        company.id,
        rl.address(company.email),
        helper.email,
        'Adnan Adminperson',
        helper.id,
        rl.address(helper.email),
      ]),
    ).toEqual({ tables: [], redis: [] });

    // The student (signed out by the deactivation) still sees their application, on a closed project;
    // the audit log keeps the actions.
    const again = new ApiClient(api);
    expect((await again.post('/api/auth/signin', { email: student.email, password: PASSWORD })).statusCode).toBe(200);
    const mine = (await again.get('/api/applications/mine')).json<{ items: { id: string; notes?: string }[] }>();
    expect(mine.items.find((a) => a.id === applied.id)).toBeDefined();
    const [project] = await orm.em
      .fork()
      .execute<{ status: string; company_id: string | null }[]>(`select status, company_id from projects where id = ?`, [
        projectId,
      ]);
    expect(project).toEqual({ status: 'closed', company_id: null });
    const audit = (await root.get('/api/admin/audit?action=user.deactivated')).json<{ items: { actor: string }[] }>();
    expect(audit.items[0]?.actor).toBe('deleted admin');
  });
});
