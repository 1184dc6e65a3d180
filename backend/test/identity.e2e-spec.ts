import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { redisOptions } from '../src/queues/queues.js';
import { SessionsService } from '../src/identity/sessions.service.js';
import { TestEnv, eventually, sleep } from './support/env.js';
import { ApiClient } from './support/client.js';
import { nth, only } from './support/items.js';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

describe('identity: sign-up, verification, sign-in, reset', () => {
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

  const count = async (sql: string, params: unknown[] = []) =>
    Number(only(await orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from ${sql}`, params)).n);

  const mailTo = (to: string, subject: RegExp) => env.smtp.to(to, subject);

  async function signUp(email: string, extra: Record<string, unknown> = {}) {
    const c = new ApiClient(api);
    const res = await c.post('/api/auth/signup', {
      userType: 'student',
      email,
      password: 'secret1',
      fullName: 'Layla Haddad',
      ...extra,
    });
    return { c, res };
  }

  it('a student signs up: account created unverified, session set, and nothing mailed to the unproven address', async () => {
    const { c, res } = await signUp('layla@example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user: {
        email: 'layla@example.com',
        userType: 'student',
        emailVerified: false,
        onboardingComplete: false,
        emailNotifications: true,
      },
    });
    expect(JSON.stringify(res.json())).not.toContain('password');
    expect(c.cookie).toBeDefined();
    const me = await c.get('/api/auth/me');
    expect(me.json()).toMatchObject({ user: { email: 'layla@example.com' } });
    await sleep(1000);
    expect(env.smtp.to('layla@example.com', /./)).toHaveLength(0);
  });

  it('the same email again is a 409 email-already-registered, whatever its case', async () => {
    const { res } = await signUp('LAYLA@example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email-already-registered' });
    expect(await count(`users where email_normalized = 'layla@example.com'`)).toBe(1);
  });

  it('concurrent sign-ups with one email make exactly one account', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => signUp('race@example.com')));
    expect(results.map((r) => r.res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await count(`users where email_normalized = 'race@example.com'`)).toBe(1);
  });

  it('hostile or malformed sign-ups are refused with a code and create nothing', async () => {
    const before = await count('users');
    const bad = [
      { userType: 'admin', email: 'x1@example.com', password: 'secret1', fullName: 'X' },
      { userType: 'student', email: 'not-an-email', password: 'secret1', fullName: 'X' },
      { userType: 'student', email: 'x2@example.com', password: '12345', fullName: 'X' },
      { userType: 'student', email: 'x3@example.com', password: 'secret1', fullName: 'X', role: 'admin' },
      { userType: 'startup', email: 'x4@example.com', password: 'secret1', fullName: 'X' },
      { userType: 'student', email: 'x5@example.com', password: 'secret1', fullName: 'X'.repeat(500) },
      { userType: 'student', email: 'x6@example.com', password: 12345678, fullName: 'X' },
    ];
    for (const body of bad) {
      const res = await new ApiClient(api).post('/api/auth/signup', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation-failed' });
    }
    expect(await count('users')).toBe(before);
  });

  it('a company signs up with `company` as an alias: stored as startup with its company name', async () => {
    const { res } = await signUp('omar@startup.io', { userType: 'company', companyName: 'Startup.io', fullName: 'Omar Khalil' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { userType: 'startup', companyName: 'Startup.io' } });
  });

  it('verification: code by email, wrong code false, right code true, then single use; the code is never in job data', async () => {
    const { c } = await signUp('sara@example.com');
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    const sent = await c.post('/api/verify-email', { email: 'sara@example.com' });
    expect(sent.statusCode).toBe(202);
    const mail = await (async () => {
      for (let i = 0; i < 100; i++) {
        const m = mailTo('sara@example.com', /verification code/)[0];
        if (m) return m;
        await sleep(100);
      }
      throw new Error('no code email');
    })();
    const code = codeIn(mail.text ?? '')!;
    expect(code).toMatch(/^\d{6}$/);
    expect(await count(`verification_codes where code_hash = ?`, [code])).toBe(0); // stored hashed
    const queue = new Queue('notifications', { connection: redisOptions(env.config()), prefix: env.env.QUEUE_PREFIX });
    try {
      const jobs = await queue.getJobs(['completed', 'active', 'waiting', 'failed', 'delayed']);
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs) expect(JSON.stringify(job.data)).not.toContain(code);
    } finally {
      await queue.close();
    }

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await c.post('/api/verify-email/confirm', { email: 'sara@example.com', code: wrong })).json()).toMatchObject({
      valid: false,
    });
    expect((await c.post('/api/verify-email/confirm', { email: 'sara@example.com', code })).json()).toEqual({ valid: true });
    expect((await c.get('/api/auth/me')).json()).toMatchObject({ user: { emailVerified: true } });
    // The welcome mail follows the verification, not the sign-up.
    await eventually(() => mailTo('sara@example.com', /Welcome/).length === 1);
    expect((await c.post('/api/verify-email/confirm', { email: 'sara@example.com', code })).json()).toMatchObject({
      valid: false,
    });

    // Resend is throttled.
    const { c: c2 } = await signUp('nadia@example.com');
    expect((await c2.post('/api/verify-email', { email: 'nadia@example.com' })).statusCode).toBe(202);
    const again = await c2.post('/api/verify-email', { email: 'nadia@example.com' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'resend-too-soon' });
    // Someone else's address is refused.
    const other = await c2.post('/api/verify-email', { email: 'sara@example.com' });
    expect(other.statusCode).toBe(403);
  });

  it('five wrong tries burn a code; an expired code is refused', async () => {
    const { c } = await signUp('burn@example.com');
    await c.post('/api/verify-email', { email: 'burn@example.com' });
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i++) {
      code = codeIn(mailTo('burn@example.com', /verification code/)[0]?.text ?? '');
      await sleep(100);
    }
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await c.post('/api/verify-email/confirm', { email: 'burn@example.com', code: wrong });
    // The code is burnt (and the account's hourly guesses are spent too).
    expect(await count(`verification_codes where email = 'burn@example.com' and used`)).toBe(1);
    const late = await c.post('/api/verify-email/confirm', { email: 'burn@example.com', code });
    expect([late.statusCode, late.json().code]).toEqual([429, 'too-many-code-attempts']);
    expect((await c.get('/api/auth/me')).json()).toMatchObject({ user: { emailVerified: false } });

    const { c: c2 } = await signUp('old@example.com');
    await c2.post('/api/verify-email', { email: 'old@example.com' });
    let code2: string | undefined;
    for (let i = 0; i < 100 && !code2; i++) {
      code2 = codeIn(mailTo('old@example.com', /verification code/)[0]?.text ?? '');
      await sleep(100);
    }
    await orm.em
      .fork()
      .execute(`update verification_codes set created_at = now() - interval '11 minutes' where email = 'old@example.com'`);
    expect((await c2.post('/api/verify-email/confirm', { email: 'old@example.com', code: code2 })).json()).toMatchObject({
      valid: false,
    });
  });

  it('sign-in errors carry the spec codes; success rotates the session', async () => {
    const c = new ApiClient(api);
    const unknown = await c.post('/api/auth/signin', { email: 'nobody@example.com', password: 'whatever' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'user-not-found']);
    const wrong = await c.post('/api/auth/signin', { email: 'layla@example.com', password: 'nope-nope' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'wrong-password']);
    const invalid = await c.post('/api/auth/signin', { email: 'not an email', password: 'x' });
    expect([invalid.statusCode, invalid.json().code]).toEqual([422, 'invalid-email']);
    // Empty fields get the same answers (passport-local turns them away before its check; ours answers).
    const noPassword = await c.post('/api/auth/signin', { email: 'layla@example.com', password: '' });
    expect([noPassword.statusCode, noPassword.json().code]).toEqual([401, 'wrong-password']);
    const noEmail = await c.post('/api/auth/signin', { email: '', password: 'x' });
    expect([noEmail.statusCode, noEmail.json().code]).toEqual([422, 'invalid-email']);
    const missing = await c.post('/api/auth/signin', { email: 'layla@example.com' });
    expect([missing.statusCode, missing.json().code]).toEqual([422, 'validation-failed']);
    // Credentials in the query string are never read: only the body's.
    const query = await c.post('/api/auth/signin?email=layla%40example.com&password=secret1', { email: 'layla@example.com' });
    expect([query.statusCode, query.json().code]).toEqual([422, 'validation-failed']);
    const ok = await c.post('/api/auth/signin', { email: 'Layla@Example.com', password: 'secret1' });
    expect(ok.statusCode).toBe(200);
    // The session cookie is out of the page's reach; its readable companion holds no secret and tells the
    // web app this browser may be signed in (same path and lifetime).
    const cookie = (name: string) => ok.cookies.find((k) => k.name === name);
    expect(cookie('mashrou_session')).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie('mashrou_signed_in')).toMatchObject({
      value: '1',
      path: '/',
      sameSite: 'Lax',
      maxAge: cookie('mashrou_session')?.maxAge,
    });
    expect(cookie('mashrou_signed_in')?.httpOnly).toBeFalsy();
    const first = c.cookie;
    await c.post('/api/auth/signin', { email: 'layla@example.com', password: 'secret1' });
    expect(c.cookie).not.toBe(first);
    expect((await api.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: first! } })).statusCode).toBe(401);
  });

  it('too many failed sign-ins for one account answer too-many-requests', async () => {
    await signUp('target@example.com');
    const c = new ApiClient(api);
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(await c.post('/api/auth/signin', { email: 'target@example.com', password: `wrong-${i}` }));
    const last = nth(answers, 10);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({
      code: 'too-many-attempts',
      message: 'Too many failed login attempts. Please try again later or reset your password.',
    });
  });

  it('password reset: same answer for unknown emails; link works once; old sessions end', async () => {
    const { c: old } = await signUp('reset@example.com');
    const anon = new ApiClient(api);
    const a = await anon.post('/api/auth/password-reset', { email: 'reset@example.com' });
    const b = await anon.post('/api/auth/password-reset', { email: 'ghost@example.com' });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.json()).toEqual(b.json());
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      link = /(http\S+reset-password\?token=[\w-]+)/.exec(mailTo('reset@example.com', /Reset your/)[0]?.text ?? '')?.[1];
      await sleep(100);
    }
    const token = new URL(link!).searchParams.get('token')!;
    expect(await count(`password_reset_tokens where token_hash = ?`, [token])).toBe(0);
    const tooShort = await anon.post('/api/auth/password-reset/confirm', { token, password: '123' });
    expect(tooShort.statusCode).toBe(422);
    expect((await anon.post('/api/auth/password-reset/confirm', { token, password: 'brand-new-1' })).statusCode).toBe(204);
    expect((await old.get('/api/auth/me')).statusCode).toBe(401);
    const reused = await anon.post('/api/auth/password-reset/confirm', { token, password: 'brand-new-2' });
    expect([reused.statusCode, reused.json().code]).toEqual([400, 'invalid-reset-link']);
    expect((await anon.post('/api/auth/signin', { email: 'reset@example.com', password: 'brand-new-1' })).statusCode).toBe(200);
  });

  it('an expired reset link is refused; a deactivated account cannot sign in and its sessions stop working', async () => {
    const { c } = await signUp('expiring@example.com');
    const anon = new ApiClient(api);
    await anon.post('/api/auth/password-reset', { email: 'expiring@example.com' });
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      link = /(http\S+reset-password\?token=[\w-]+)/.exec(mailTo('expiring@example.com', /Reset your/)[0]?.text ?? '')?.[1];
      await sleep(100);
    }
    await orm.em.fork().execute(`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    const expired = await anon.post('/api/auth/password-reset/confirm', {
      token: new URL(link!).searchParams.get('token'),
      password: 'whatever-1',
    });
    expect([expired.statusCode, expired.json().code]).toEqual([400, 'invalid-reset-link']);

    await orm.em.fork().execute(`update users set active = false where email_normalized = 'expiring@example.com'`);
    // A write to users outside the identity module's services must say so (as they all do): the
    // api processes drop the session they hold in memory.
    const [expiring] = await orm.em
      .fork()
      .execute<{ id: string }[]>(`select id from users where email_normalized = 'expiring@example.com'`);
    api.get(SessionsService).changed(expiring!.id);
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
    const denied = await anon.post('/api/auth/signin', { email: 'expiring@example.com', password: 'secret1' });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'account-deactivated']);
  });

  it('profile updates cannot set role or flags; sign-out ends the session and clears both its cookies', async () => {
    const { c } = await signUp('flags@example.com');
    const evil = await c.patch('/api/me', { userType: 'admin', onboardingComplete: true });
    expect(evil.statusCode).toBe(422);
    const ok = await c.patch('/api/me', { fullName: 'New Name', emailNotifications: false });
    expect(ok.json()).toMatchObject({ user: { fullName: 'New Name', emailNotifications: false, userType: 'student' } });
    expect(c.cookies.get('mashrou_signed_in')).toBe('1');
    const out = await c.post('/api/auth/signout');
    expect(out.statusCode).toBe(204);
    expect(out.cookies.filter((k) => k.value === '').map((k) => k.name)).toEqual(['mashrou_session', 'mashrou_signed_in']);
    expect(c.cookies.has('mashrou_signed_in')).toBe(false);
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('the account keeps a language: from the sign-up body, else the browser, changed in Settings', async () => {
    const english = await signUp('lang-default@example.com');
    expect(english.res.json()).toMatchObject({ user: { locale: 'en' } });

    const browser = new ApiClient(api);
    const fromHeader = await browser.request(
      'POST',
      '/api/auth/signup',
      { userType: 'student', email: 'lang-browser@example.com', password: 'secret1', fullName: 'Omar Saeed' },
      { 'accept-language': 'fr-FR,ar-EG;q=0.8,en;q=0.5' },
    );
    expect(fromHeader.json()).toMatchObject({ user: { locale: 'ar' } });

    const chosen = await signUp('lang-chosen@example.com', { locale: 'ar' });
    expect(chosen.res.json()).toMatchObject({ user: { locale: 'ar' } });
    const bad = await signUp('lang-bad@example.com', { locale: 'fr' });
    expect([bad.res.statusCode, bad.res.json().code]).toEqual([422, 'validation-failed']);
    expect(await count(`users where email_normalized = 'lang-bad@example.com'`)).toBe(0);

    const changed = await english.c.patch('/api/me', { locale: 'ar' });
    expect(changed.json()).toMatchObject({ user: { locale: 'ar' } });
    expect((await english.c.get('/api/auth/me')).json()).toMatchObject({ user: { locale: 'ar' } });
    const refused = await english.c.patch('/api/me', { locale: 'AR<script>' });
    expect(refused.statusCode).toBe(422);
    expect((await english.c.get('/api/auth/me')).json()).toMatchObject({ user: { locale: 'ar' } });

    // Its emails come in its language: the code, then the welcome once verified.
    expect((await chosen.c.post('/api/verify-email', { email: 'lang-chosen@example.com' })).statusCode).toBe(202);
    await eventually(() => mailTo('lang-chosen@example.com', /رمز التحقق/).length === 1);
    const codeMail = mailTo('lang-chosen@example.com', /رمز التحقق/)[0]!;
    expect(codeMail.html).toContain('dir="rtl"');
    expect(codeMail.html).toContain('lang="ar"');
    const code = codeIn(codeMail.text ?? '')!;
    expect((await chosen.c.post('/api/verify-email/confirm', { email: 'lang-chosen@example.com', code })).json()).toEqual({
      valid: true,
    });
    await eventually(() => mailTo('lang-chosen@example.com', /أهلًا بك/).length === 1);
    expect(mailTo('lang-chosen@example.com', /Welcome|verification code/)).toHaveLength(0);
  });

  it('a cookie-authenticated write from another site is refused (CSRF)', async () => {
    const { c } = await signUp('csrf@example.com');
    const res = await api.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { fullName: 'Hacked' },
      headers: { cookie: c.cookie!, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf-check-failed' });
    expect((await c.get('/api/auth/me')).json()).toMatchObject({ user: { fullName: 'Layla Haddad' } });
  });

  it('no other site can sign a visitor in, sign them up or ask for a reset (login CSRF)', async () => {
    await signUp('owner@example.com');
    const users = await count('users');
    const sessions = await count('sessions');
    const resets = await count('password_reset_tokens');
    const outbox = await count('outbox_events');
    const asForm = (url: string, payload: string, type: string, extra: Record<string, string> = {}) =>
      api.inject({ method: 'POST', url, payload, headers: { 'content-type': type, ...extra } });
    const cross = { origin: 'http://127.0.0.1:9999', 'sec-fetch-site': 'cross-site' };
    // An HTML form (urlencoded, text/plain or multipart) reaches no handler: 415 before anything runs.
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      for (const url of ['/api/auth/signin', '/api/auth/signup', '/api/auth/password-reset']) {
        const res = await asForm(url, 'email=owner%40example.com&password=secret1', type, cross);
        expect([url, type, res.statusCode, res.json().code]).toEqual([url, type, 415, 'unsupported-media-type']);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    // JSON from another site's script (no-cors cannot send it; a CORS request still lands): 403.
    for (const [url, body] of [
      ['/api/auth/signin', { email: 'owner@example.com', password: 'secret1' }],
      ['/api/auth/signup', { userType: 'student', email: 'x@example.com', password: 'secret1', fullName: 'X' }],
      ['/api/auth/password-reset', { email: 'owner@example.com' }],
      ['/api/verify-email', { email: 'owner@example.com' }],
      ['/api/auth/password-reset/confirm', { token: 'x'.repeat(20), password: 'secret2' }],
    ] as const) {
      for (const headers of [cross, {}, { origin: 'null' }]) {
        const res = await api.inject({ method: 'POST', url, payload: body, headers });
        expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 'csrf-check-failed']);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    expect(await count('users')).toBe(users);
    expect(await count('sessions')).toBe(sessions);
    expect(await count('password_reset_tokens')).toBe(resets);
    expect(await count('outbox_events')).toBe(outbox);
    // Our own page, by the browser's word or by our client's header, is let through.
    const own = await api.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'owner@example.com', password: 'secret1' },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
    expect(await count('sessions')).toBe(sessions + 1);
  });

  it('an unverified user cannot use verified-only routes', async () => {
    const { c } = await signUp('unverified@example.com');
    const res = await c.post('/api/me/password', { currentPassword: 'secret1', newPassword: 'another1' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'email-not-verified']);
  });
});
