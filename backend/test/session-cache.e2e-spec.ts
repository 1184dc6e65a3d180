import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AddressInfo } from 'node:net';
import { TestEnv, sleep } from './support/env.js';
import { ApiClient } from './support/client.js';
import { PASSWORD, signedIn } from './support/factories.js';
import { SessionCache, type CachedSession } from '../src/identity/session-cache.js';
import type { User } from '../src/identity/index.js';

/**
 * Two api processes (two apps, each with its own memory) over one database and one Redis: a
 * session one of them holds in memory ends there the moment the other one ends it.
 */
describe('sessions held in memory by several api processes', () => {
  const env = new TestEnv();
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;

  beforeAll(async () => {
    await env.start();
    a = await env.api();
    b = await env.api();
  });
  afterAll(() => env.close());

  /** The same browser, talking to the other process (as behind a load balancer). */
  const onB = (client: ApiClient) => {
    const other = new ApiClient(b);
    other.cookies = client.cookies;
    return other;
  };
  const me = async (c: ApiClient) => {
    const res = await c.get('/api/auth/me');
    return {
      status: res.statusCode,
      name: res.statusCode === 200 ? res.json<{ user: { fullName: string } }>().user.fullName : '',
    };
  };

  it('the cache is used: a session row removed behind its back still answers until SESSION_CACHE_MS passes', async () => {
    const fast = await env.api({ SESSION_CACHE_MS: '700' });
    const { user, client } = await signedIn(a, 'student');
    const onFast = new ApiClient(fast);
    onFast.cookies = client.cookies;
    expect((await me(onFast)).status).toBe(200);
    // A process caches once it listens for revocations (its first lookup subscribes it).
    await sleep(300);
    expect((await me(onFast)).status).toBe(200);
    await a.get(MikroORM).em.fork().execute('delete from sessions where user_id = ?', [user.id]);
    expect((await me(onFast)).status).toBe(200);
    await sleep(800);
    expect((await me(onFast)).status).toBe(401);
  });

  it('signing out on one process ends the session on the other at once', async () => {
    const { client } = await signedIn(a, 'student');
    const other = onB(client);
    expect((await me(other)).status).toBe(200);
    expect((await me(other)).status).toBe(200);
    expect((await client.post('/api/auth/signout')).statusCode).toBe(204);
    // No wait: the revocation travels before the sign-out answers… and the next request is refused.
    let status = 0;
    for (let i = 0; i < 20 && status !== 401; i++) {
      status = (await me(other)).status;
      if (status !== 401) await sleep(5);
    }
    expect(status).toBe(401);
  });

  it('deactivation, a new role and a profile change by one process are seen by the other at once', async () => {
    const { client: admin } = await signedIn(a, 'admin');
    const { user: s1, client: c1 } = await signedIn(a, 'student');
    const { user: s2, client: c2 } = await signedIn(a, 'student');
    const { client: c3 } = await signedIn(a, 'student', { fullName: 'Before Rename' });
    for (const c of [c1, c2, c3]) expect((await me(onB(c))).status).toBe(200);

    expect((await admin.post(`/api/admin/users/${s1.id}/deactivate`)).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/users/${s2.id}/role`, { role: 'startup' })).statusCode).toBe(200);
    expect((await c3.patch('/api/me', { fullName: 'After Rename' })).statusCode).toBe(200);

    const settled = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 20; i++) {
        if (await check()) return true;
        await sleep(5);
      }
      return false;
    };
    expect(await settled(async () => (await me(onB(c1))).status === 401)).toBe(true);
    expect(await settled(async () => (await me(onB(c2))).status === 401)).toBe(true);
    expect(await settled(async () => (await me(onB(c3))).name === 'After Rename')).toBe(true);
  });
  it('a live notification stream held by the other process ends within a second of its session ending', async () => {
    await b.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${String((b.getHttpServer().address() as AddressInfo).port)}/api/notifications/stream`;
    /** Opens a stream on b with this client's session; `ended` resolves with the ms from `mark()` to its end. */
    const open = async (client: ApiClient) => {
      const abort = new AbortController();
      const res = await fetch(url, { headers: { cookie: client.cookie ?? '' }, signal: abort.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      // Open once it has said the count.
      await reader.read();
      let from = 0;
      const ended = (async () => {
        for (;;) if ((await reader.read()).done) return Date.now() - from;
      })().catch(() => Infinity); // closed by the test itself
      return {
        mark: () => (from = Date.now()),
        ended: Promise.race([ended, sleep(4_000).then(() => Infinity)]),
        close: () => {
          abort.abort();
        },
      };
    };
    const { client: admin } = await signedIn(a, 'admin');
    const streams: { close: () => void }[] = [];
    try {
      // Sign-out (on a).
      const { client: c1 } = await signedIn(a, 'student');
      const s1 = await open(c1);
      streams.push(s1);
      s1.mark();
      expect((await c1.post('/api/auth/signout')).statusCode).toBe(204);
      expect(await s1.ended).toBeLessThan(1_000);

      // Deactivation by an admin (on a).
      const { user: u2, client: c2 } = await signedIn(a, 'student');
      const s2 = await open(c2);
      streams.push(s2);
      s2.mark();
      expect((await admin.post(`/api/admin/users/${u2.id}/deactivate`)).statusCode).toBe(200);
      expect(await s2.ended).toBeLessThan(1_000);

      // A password change from another session: the other session's stream ends; this session's
      // stream ends too, and comes back (as a browser's would), while the other session is refused.
      const { user: u3, client: c3 } = await signedIn(a, 'student');
      const other = new ApiClient(a);
      expect((await other.post('/api/auth/signin', { email: u3.email, password: PASSWORD })).statusCode).toBe(200);
      const s3 = await open(c3);
      const kept = await open(other);
      streams.push(s3, kept);
      s3.mark();
      kept.mark();
      expect(
        (await other.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'another-pass-2' })).statusCode,
      ).toBe(204);
      expect(await s3.ended).toBeLessThan(1_000);
      expect(await kept.ended).toBeLessThan(1_000);
      streams.push(await open(other));
      expect((await fetch(url, { headers: { cookie: c3.cookie ?? '' } })).status).toBe(401);

      // Erasure (the person deletes their account).
      const { client: c4 } = await signedIn(a, 'student');
      const s4 = await open(c4);
      streams.push(s4);
      s4.mark();
      expect((await c4.post('/api/me/delete', { password: PASSWORD })).statusCode).toBe(204);
      expect(await s4.ended).toBeLessThan(1_000);
    } finally {
      for (const s of streams) s.close();
    }
  });
});

/** One process's cache of sessions, on the real Redis it listens to for revocations. */
describe('a session held in memory and looked up again ahead of its time', () => {
  const channel = `sessions-ahead-${process.pid}`;
  /** The cache's time (3 s); a key that is not hex starts its look-up ahead at the last fifth (600 ms). */
  const TTL = 3000;
  const LAST_FIFTH = 2500;
  let cache: SessionCache;
  const session = (fullName: string): CachedSession => ({
    user: { id: 'u1', fullName } as User,
    lastSeenAt: Date.now(),
    expiresAt: Date.now() + 86_400_000,
  });
  /** A lookup that answers when told to, and counts its calls. */
  const pending = () => {
    let answer!: (s: CachedSession | undefined) => void;
    const answered = new Promise<CachedSession | undefined>((r) => (answer = r));
    const p = {
      calls: 0,
      lookUp: () => {
        p.calls += 1;
        return answered;
      },
      answer,
      settled: () => answered.then(() => sleep(10)),
    };
    return p;
  };

  beforeEach(async () => {
    cache = new SessionCache(TTL, 100, { host: '127.0.0.1', port: 6379 }, channel);
    cache.get('h');
    // It holds sessions once it listens for revocations.
    for (let i = 0; i < 50 && !cache.get('h'); i++) {
      cache.set('h', session('Before'));
      if (!cache.get('h')) await sleep(20);
    }
    expect(cache.get('h')?.user.fullName).toBe('Before');
  });
  afterEach(() => {
    cache.close();
  });

  it('is not looked up while most of its time is left', () => {
    const ahead = pending();
    cache.refreshAhead('h', ahead.lookUp);
    expect(ahead.calls).toBe(0);
  });

  it('in its last fifth, requests keep what is held until the lookup answers, then use its answer, for a full time again', async () => {
    await sleep(LAST_FIFTH);
    const ahead = pending();
    cache.refreshAhead('h', ahead.lookUp);
    cache.refreshAhead('h', ahead.lookUp);
    expect(ahead.calls).toBe(1);
    expect(cache.get('h')?.user.fullName).toBe('Before');
    ahead.answer(session('After'));
    await ahead.settled();
    expect(cache.get('h')?.user.fullName).toBe('After');
    // Past the first session's time: the second is held.
    await sleep(TTL - LAST_FIFTH + 200);
    expect(cache.get('h')?.user.fullName).toBe('After');
  });

  it('a session ended while it is looked up is not put back, nor one the lookup no longer finds', async () => {
    await sleep(LAST_FIFTH);
    const ahead = pending();
    cache.refreshAhead('h', ahead.lookUp);
    expect(ahead.calls).toBe(1);
    cache.forgetSession('h');
    // Its own message about it has come back from Redis (dropped again) before the lookup answers.
    await sleep(100);
    ahead.answer(session('After'));
    await ahead.settled();
    expect(cache.get('h')).toBeUndefined();

    cache.set('h', session('Again'));
    expect(cache.get('h')?.user.fullName).toBe('Again');
    await sleep(LAST_FIFTH);
    const gone = pending();
    cache.refreshAhead('h', gone.lookUp);
    expect(gone.calls).toBe(1);
    gone.answer(undefined);
    await gone.settled();
    expect(cache.get('h')).toBeUndefined();
  });

  it('a lookup that fails is not tried again on every request while the session is held', async () => {
    await sleep(LAST_FIFTH);
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('database down'));
    };
    cache.refreshAhead('h', failing);
    await sleep(20);
    cache.refreshAhead('h', failing);
    expect(calls).toBe(1);
    expect(cache.get('h')?.user.fullName).toBe('Before');
  });

  it('what a request looked up is not kept if a session was ended while it looked (a sign-out during the lookup)', () => {
    const since = cache.epoch;
    cache.forgetSession('h');
    cache.set('h', session('Read before the sign-out'), since);
    expect(cache.get('h')).toBeUndefined();
    cache.set('h', session('Read after it'), cache.epoch);
    expect(cache.get('h')?.user.fullName).toBe('Read after it');
  });
});
