/**
 * The attacks of issue 9, each against the real api, worker, PostgreSQL, Redis and an SMTP sink:
 * a mail relay, inbox floods, code guessing, brute force past the limit, a spoofed client address,
 * locking a stranger out, and a flood of argon2 work. Every limit here is the shipped default.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { TestEnv, eventually, sleep } from './support/env.js';
import { ApiClient } from './support/client.js';
import { PASSWORD, signedIn } from './support/factories.js';
import { nth, only } from './support/items.js';
import { passwordHashing } from '../src/identity/secrets.js';

const HOSTILE_NAME = 'URGENT: your account is locked, call +1 555 0100';
const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

describe('abuse: mail relay, inbox floods and code guessing', () => {
  // The shipped defaults (the shared test settings raise the sign-up budget for other files).
  const env = new TestEnv({ SIGNUPS_PER_IP_PER_HOUR: '20' });
  let api: NestFastifyApplication;
  let orm: MikroORM;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    orm = api.get(MikroORM);
    await env.worker();
  });
  afterAll(() => env.close());

  const mails = (to: string) => env.smtp.to(to, /./);
  const signUp = (email: string, ip = '198.51.100.7', fullName = 'Layla Haddad') => {
    const c = new ApiClient(api, ip);
    return c.post('/api/auth/signup', { userType: 'student', email, password: 'secret1', fullName }).then((res) => ({ c, res }));
  };

  it('an unverified account cannot relay mail: send-email is for admins; nothing but its code goes to an unproven address', async () => {
    const { c, res } = await signUp('victim@example.com', '198.51.100.1', HOSTILE_NAME);
    expect(res.statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        c.post('/api/notifications-send-email', { type: 'signup', email: 'victim@example.com', fullName: HOSTILE_NAME }),
      ),
    );
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.json().code}`))).toEqual(new Set(['403 forbidden']));
    // A verified student is refused as well, even to their own address.
    const { user, client } = await signedIn(api, 'student');
    const own = await client.post('/api/notifications-send-email', { type: 'test', email: user.email });
    expect([own.statusCode, own.json().code]).toEqual([403, 'forbidden']);
    await sleep(1500);
    expect(mails('victim@example.com')).toHaveLength(0);
    expect(mails(user.email)).toHaveLength(0);
  });

  it('an admin may send test mail, but at most 30 an hour', async () => {
    const { client: admin } = await signedIn(api, 'admin');
    const answers = [];
    for (let i = 0; i < 31; i++)
      answers.push(await admin.post('/api/notifications-send-email', { type: 'test', email: `ops${i % 3}@example.com` }));
    expect(answers.slice(0, 30).every((a) => a.statusCode === 202)).toBe(true);
    const refused = nth(answers, 30);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'too-many-requests']);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('sign-up: 20 per client address per hour, 5 per email address; nothing is created past them', async () => {
    const ip = '198.51.100.20';
    const results = [];
    for (let i = 0; i < 21; i++) results.push((await signUp(`flood${i}@example.com`, ip)).res);
    expect(results.slice(0, 20).map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const refused = nth(results, 20);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'too-many-signups']);
    expect(refused.json().message).toBe('Too many sign-ups from your network. Please try again later.');
    const created = await orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from users where email like 'flood%'`);
    expect(Number(only(created).n)).toBe(20);
    expect((await signUp('flood-other@example.com', '198.51.100.21')).res.statusCode).toBe(201);

    // One address, from many client addresses: the first creates it, 4 more are told it exists, then 429.
    const same = [];
    for (let i = 0; i < 6; i++) same.push((await signUp('probe@example.com', `203.0.113.${i + 1}`)).res);
    expect(same.map((r) => r.statusCode)).toEqual([201, 409, 409, 409, 409, 429]);

    // `+tag` aliases of one mailbox share its budget (and Gmail ignores dots).
    const aliases = [];
    for (let i = 0; i < 6; i++) aliases.push((await signUp(`inbox+${i}@example.com`, `203.0.113.${20 + i}`)).res.statusCode);
    expect(aliases).toEqual([201, 201, 201, 201, 201, 429]);
    const dotted = [];
    for (const a of [
      'f.a.r.a.h@gmail.com',
      'fa.rah@gmail.com',
      'farah+x@googlemail.com',
      'FARAH@gmail.com',
      'far.ah+1@gmail.com',
      'farah@gmail.com',
    ]) {
      dotted.push((await signUp(a, '203.0.113.40')).res.statusCode);
    }
    expect(dotted).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('an IPv6 network counts as one client: its /64 shares one sign-up budget', async () => {
    const results = [];
    for (let i = 1; i <= 21; i++)
      results.push((await signUp(`six${i}@example.com`, `2001:db8:77:1::${i.toString(16)}`)).res.statusCode);
    expect(results.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(results[20]).toBe(429);
    expect((await signUp('six-other@example.com', '2001:db8:77:2::1')).res.statusCode).toBe(201);
  });

  it('codes: at most one per 30 s and 5 per account per hour reach the inbox', async () => {
    const { c } = await signUp('codes@example.com', '198.51.100.30');
    const asks = [];
    for (let i = 0; i < 7; i++) {
      await env.forgetLimits('verify-resend:*'); // as if 30 s had passed each time
      asks.push(await c.post('/api/verify-email', { email: 'codes@example.com' }));
    }
    expect(asks.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(asks[5]!.json()).toMatchObject({ code: 'too-many-codes' });
    await eventually(() => mails('codes@example.com').length === 5);
    await sleep(1000);
    expect(mails('codes@example.com')).toHaveLength(5);
    // Without the 30 s gap: resend-too-soon.
    const { c: quick } = await signUp('quick@example.com', '198.51.100.31');
    expect((await quick.post('/api/verify-email', { email: 'quick@example.com' })).statusCode).toBe(202);
    expect((await quick.post('/api/verify-email', { email: 'quick@example.com' })).json()).toMatchObject({
      code: 'resend-too-soon',
    });
  });

  it('code guesses: 5 an hour and 10 a day across all of an account’s codes, then even the right code is refused', async () => {
    const { c } = await signUp('guess@example.com', '198.51.100.40');
    const askCode = async () => {
      const before = mails('guess@example.com').length;
      await env.forgetLimits('verify-resend:*');
      expect((await c.post('/api/verify-email', { email: 'guess@example.com' })).statusCode).toBe(202);
      return (await eventually(() => codeIn(mails('guess@example.com')[before]?.text)))!;
    };
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    const guess = (code: string) => c.post('/api/verify-email/confirm', { email: 'guess@example.com', code });

    let code = await askCode();
    for (let i = 0; i < 4; i++) expect((await guess(wrongFor(code))).json()).toMatchObject({ valid: false });
    code = await askCode(); // a fresh code does not give fresh guesses
    expect((await guess(wrongFor(code))).json()).toMatchObject({ valid: false });
    const refused = await guess(code);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'too-many-code-attempts']);

    // An hour later (the hourly budget forgotten), 5 more wrong guesses reach the daily cap of 10.
    await env.forgetLimits('code-tries:h:*');
    for (let i = 0; i < 4; i++) expect((await guess(wrongFor(code))).json()).toMatchObject({ valid: false });
    code = await askCode();
    expect((await guess(wrongFor(code))).json()).toMatchObject({ valid: false });
    await env.forgetLimits('code-tries:h:*');
    expect((await guess(code)).json()).toMatchObject({ code: 'too-many-code-attempts' });
    expect((await c.get('/api/auth/me')).json()).toMatchObject({ user: { emailVerified: false } });
    // A day later, the right code works (and gives its attempt back).
    await env.forgetLimits('code-tries:*');
    expect((await guess(code)).json()).toEqual({ valid: true });
  });

  it('reset requests: the same answer always, at most 3 mails per address per hour, 20 requests per client address', async () => {
    await signUp('reset-me@example.com', '198.51.100.50');
    const anon = new ApiClient(api, '198.51.100.51');
    const answers = [];
    for (let i = 0; i < 6; i++) {
      await env.forgetLimits('reset-gap:*'); // as if the minute between two requests had passed
      answers.push(await anon.post('/api/auth/password-reset', { email: 'reset-me@example.com' }));
    }
    expect(new Set(answers.map((a) => `${a.statusCode} ${JSON.stringify(a.json())}`)).size).toBe(1);
    expect(nth(answers, 0).statusCode).toBe(202);
    await eventually(() => mails('reset-me@example.com').length === 3);
    await sleep(1000);
    expect(mails('reset-me@example.com')).toHaveLength(3);

    const flood = new ApiClient(api, '198.51.100.52');
    const many = [];
    for (let i = 0; i < 21; i++) many.push(await flood.post('/api/auth/password-reset', { email: `nobody${i}@example.com` }));
    expect(many.slice(0, 20).every((r) => r.statusCode === 202)).toBe(true);
    const refused = nth(many, 20);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'too-many-requests']);
  });
});

describe('abuse: every inbox has an hourly cap, whatever sends to it', () => {
  const env = new TestEnv({ MAILS_PER_ADDRESS_PER_HOUR: '3' });
  let api: NestFastifyApplication;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    await env.worker();
  });
  afterAll(() => env.close());

  it('past the cap a notification waits for the next hour (delayed, not failed); codes have their own allowance', async () => {
    const { client: admin } = await signedIn(api, 'admin');
    for (let i = 0; i < 5; i++)
      expect((await admin.post('/api/notifications-send-email', { type: 'test', email: 'inbox@example.com' })).statusCode).toBe(
        202,
      );
    const queue = api.get<Queue>(getQueueToken('notifications'), { strict: false });
    await eventually(async () => (await queue.getDelayedCount()) === 2 && env.smtp.to('inbox@example.com', /./).length === 3);
    // They wait for the hour to turn (a delayed job's score is its due time × 4096), with no attempt spent.
    for (const job of await queue.getDelayed()) {
      expect(job.attemptsMade).toBe(0);
      const score = Number(await env.redis().zscore(`${env.env.QUEUE_PREFIX}:notifications:delayed`, job.id!));
      expect(Math.floor(score / 4096)).toBeGreaterThan(Date.now() + 50 * 60_000);
    }
    expect(await queue.getFailedCount()).toBe(0);

    // The same mailbox signs up: the flood of notifications does not crowd out its code.
    const c = new ApiClient(api);
    expect(
      (
        await c.post('/api/auth/signup', {
          userType: 'student',
          email: 'inbox@example.com',
          password: 'secret1',
          fullName: 'In Box',
        })
      ).statusCode,
    ).toBe(201);
    expect((await c.post('/api/verify-email', { email: 'inbox@example.com' })).statusCode).toBe(202);
    await eventually(() => env.smtp.to('inbox@example.com', /verification code/).length === 1);
    expect(await queue.getDelayedCount()).toBe(2);

    // Codes and reset links have 10 a mailbox an hour, across its `+tag` aliases; past that they are dropped.
    for (let a = 0; a < 3; a++) {
      const alias = `codes+${a}@example.com`;
      const s = new ApiClient(api, `198.18.0.${a + 1}`);
      expect(
        (await s.post('/api/auth/signup', { userType: 'student', email: alias, password: 'secret1', fullName: 'Co Des' }))
          .statusCode,
      ).toBe(201);
      for (let i = 0; i < 4; i++) {
        await env.forgetLimits('verify-resend:*');
        expect((await s.post('/api/verify-email', { email: alias })).statusCode).toBe(202);
      }
    }
    const sent = () => [0, 1, 2].reduce((n, a) => n + env.smtp.to(`codes+${a}@example.com`, /verification code/).length, 0);
    await eventually(
      async () => (await queue.getCompleted()).filter((j) => j.data.handler === 'sendVerificationCode').length === 13,
    );
    expect(sent()).toBe(10);
  });
});

describe('abuse: sign-in', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    await env.worker();
  });
  afterAll(() => env.close());

  it('60 parallel wrong passwords on one account: at most 10 are checked, the rest get too-many-attempts', async () => {
    const { user } = await signedIn(api, 'student');
    passwordHashing.peak = 0;
    const runsBefore = passwordHashing.runs;
    const attacker = new ApiClient(api, '192.0.2.10');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attacker.post('/api/auth/signin', { email: user.email, password: `guess-${i}` })),
    );
    const codes = answers.map((a) => a.json().code as string);
    expect(codes.filter((c) => c === 'wrong-password').length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 'wrong-password').length).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 'too-many-attempts').length).toBeGreaterThanOrEqual(50);
    expect(codes.every((c) => c === 'wrong-password' || c === 'too-many-attempts')).toBe(true);
    const limited = answers.find((a) => a.statusCode === 429)!;
    expect(limited.json().message).toBe('Too many failed login attempts. Please try again later or reset your password.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Only the counted attempts cost an argon2 run, never more than 2 at once.
    expect(passwordHashing.runs - runsBefore).toBeLessThanOrEqual(10);
    expect(passwordHashing.peak).toBeLessThanOrEqual(2);
  });

  it('without a trusted proxy a spoofed X-Forwarded-For changes nothing; with TRUST_PROXY=1 the proxy’s word is taken', async () => {
    const guess = (app: NestFastifyApplication, i: number, forwardedFor: string) =>
      new ApiClient(app, '192.0.2.20').request(
        'POST',
        '/api/auth/signin',
        { email: `ghost${i}@example.com`, password: 'x' },
        { 'x-forwarded-for': forwardedFor },
      );
    const answers = [];
    for (let i = 0; i < 51; i++) answers.push(await guess(api, i, `10.0.${i}.1`));
    expect(answers.slice(0, 50).every((a) => a.json().code === 'user-not-found')).toBe(true);
    expect(nth(answers, 50).json().code).toBe('too-many-attempts');

    const behindProxy = await env.api({ TRUST_PROXY: '1' });
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await guess(behindProxy, 100 + i, `10.1.${i}.1`));
    expect(more.map((a) => a.json().code)).toEqual(['user-not-found', 'user-not-found', 'user-not-found']);
    // One trusted hop means only the address our proxy added (the last) counts: a client-chosen
    // first entry changes nothing.
    const viaProxy = [];
    for (let i = 0; i < 51; i++) viaProxy.push(await guess(behindProxy, 200 + i, `10.9.${i}.9, 10.2.0.1`));
    expect(viaProxy.slice(0, 50).every((a) => a.json().code === 'user-not-found')).toBe(true);
    expect(nth(viaProxy, 50).json().code).toBe('too-many-attempts');
  });

  it('with Redis down the budgets still hold, in each process', async () => {
    const { user } = await signedIn(api, 'student');
    const cut = await env.api({ REDIS_URL: 'redis://127.0.0.1:1' });
    const c = new ApiClient(cut, '192.0.2.60');
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push((await c.post('/api/auth/signin', { email: user.email, password: `w-${i}` })).json().code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('wrong-password'));
    expect(codes[10]).toBe('too-many-attempts');
  });

  it('changing the password checks the current one against a budget: a stolen session cannot guess it', async () => {
    const { client } = await signedIn(api, 'student');
    const tries = [];
    for (let i = 0; i < 11; i++)
      tries.push(await client.post('/api/me/password', { currentPassword: `guess-${i}`, newPassword: 'taken-over-1' }));
    expect(tries.slice(0, 10).map((r) => r.json().code)).toEqual(Array(10).fill('wrong-password'));
    const refused = nth(tries, 10);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'too-many-attempts']);
    const right = await client.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'taken-over-1' });
    expect(right.json().code).toBe('too-many-attempts');
  });

  it('past 200 waiting argon2 runs the api answers 503 busy, and a sign-in it could not check costs no attempt', async () => {
    const { user } = await signedIn(api, 'student');
    const saved = passwordHashing.maxWaiting;
    passwordHashing.maxWaiting = 0;
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          new ApiClient(api, `192.0.2.7${i}`).post('/api/auth/signin', { email: user.email, password: `nope-${i}` }),
        ),
      );
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0]!.json()).toMatchObject({ code: 'busy' });
      const checked = answers.filter((a) => a.json().code === 'wrong-password').length;
      expect(checked + busy.length).toBe(8);
      // Only the checked attempts count: 10 - checked remain before the account locks.
      passwordHashing.maxWaiting = saved;
      const left = [];
      for (let i = 0; i < 10 - checked; i++)
        left.push(
          (await new ApiClient(api, '192.0.2.79').post('/api/auth/signin', { email: user.email, password: `more-${i}` })).json()
            .code,
        );
      expect(left.every((c) => c === 'wrong-password')).toBe(true);
    } finally {
      passwordHashing.maxWaiting = saved;
    }
  });

  it('a stranger cannot lock the owner out: the owner’s own browser keeps its budget, and a reset clears the lockout', async () => {
    const { user, client: owner } = await signedIn(api, 'student'); // this browser now has a device cookie
    expect(owner.cookies.has('mashrou_device')).toBe(true);
    const stranger = new ApiClient(api, '192.0.2.30');
    for (let i = 0; i < 12; i++) await stranger.post('/api/auth/signin', { email: user.email, password: `nope-${i}` });
    const locked = await stranger.post('/api/auth/signin', { email: user.email, password: PASSWORD });
    expect([locked.statusCode, locked.json().code]).toEqual([429, 'too-many-attempts']);

    // The owner, on the browser they used before: signs in.
    expect((await owner.post('/api/auth/signin', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    // A forged or foreign device cookie is worth nothing.
    const forger = new ApiClient(api, '192.0.2.31');
    forger.cookies.set('mashrou_device', `${owner.cookies.get('mashrou_device')!.split('.')[0]}.deadbeef`);
    expect((await forger.post('/api/auth/signin', { email: user.email, password: PASSWORD })).json().code).toBe(
      'too-many-attempts',
    );

    // On a new browser the owner is told to wait — until a password reset clears the lockout.
    const newBrowser = new ApiClient(api, '192.0.2.32');
    expect((await newBrowser.post('/api/auth/signin', { email: user.email, password: PASSWORD })).json().code).toBe(
      'too-many-attempts',
    );
    await newBrowser.post('/api/auth/password-reset', { email: user.email });
    const link = await eventually(
      () => /(http\S+reset-password\?token=[\w-]+)/.exec(env.smtp.to(user.email, /Reset your/)[0]?.text ?? '')?.[1],
    );
    const token = new URL(link!).searchParams.get('token')!;
    expect((await newBrowser.post('/api/auth/password-reset/confirm', { token, password: 'fresh-pass-1' })).statusCode).toBe(204);
    expect((await newBrowser.post('/api/auth/signin', { email: user.email, password: 'fresh-pass-1' })).statusCode).toBe(200);
  });

  it('the lockout grows each time it runs out (15 min, then 30 min, …)', async () => {
    const { user } = await signedIn(api, 'student');
    const stranger = new ApiClient(api, '192.0.2.40');
    const exhaust = async () => {
      const answers = [];
      for (let i = 0; i < 11; i++)
        answers.push(await stranger.post('/api/auth/signin', { email: user.email, password: `bad-${i}` }));
      return Number(nth(answers, 10).json().details.retryAfterSeconds);
    };
    const first = await exhaust();
    expect(first).toBeGreaterThan(14 * 60);
    expect(first).toBeLessThanOrEqual(15 * 60);
    // The window passes (its counter expires; the strike is remembered for a day).
    const keys = (await env.redisKeys('throttle:signin:acct:*')).filter((k) => !k.endsWith(':strikes'));
    await env.redis().del(...keys);
    const second = await exhaust();
    expect(second).toBeGreaterThan(29 * 60);
    expect(second).toBeLessThanOrEqual(30 * 60);
  });

  it('argon2 work is bounded: junk reset links cost none, and a flood of sign-ups runs 2 hashes at a time', async () => {
    const runsBefore = passwordHashing.runs;
    const anon = new ApiClient(api, '192.0.2.50');
    for (let i = 0; i < 20; i++) {
      const r = await anon.post('/api/auth/password-reset/confirm', {
        token: `junk-token-${i}-xxxxxxxx`,
        password: 'whatever-1',
      });
      expect([r.statusCode, r.json().code]).toEqual([400, 'invalid-reset-link']);
    }
    expect(passwordHashing.runs).toBe(runsBefore);

    passwordHashing.peak = 0;
    const signups = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new ApiClient(api, `192.0.2.${100 + i}`).post('/api/auth/signup', {
          userType: 'student',
          email: `burst${i}@example.com`,
          password: 'secret1',
          fullName: 'Burst',
        }),
      ),
    );
    expect(signups.every((r) => r.statusCode === 201)).toBe(true);
    expect(passwordHashing.peak).toBe(2);
  });
});
