import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestEnv, sleep } from './support/env.js';
import { ApiClient } from './support/client.js';
import { signedIn } from './support/factories.js';

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
});
