/**
 * The access table, generated from the routes themselves: every api route (and the queue board) is
 * called as anonymous, student, startup and admin, and must answer exactly as its declared roles say.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { TestEnv, eventually } from './support/env.js';
import { first } from './support/items.js';
import { ApiClient } from './support/client.js';
import { PASSWORD, signedIn } from './support/factories.js';
import type { UserType } from '../src/identity/identity.entities.js';
import { routeTable, type Route } from './support/routes.js';

type Caller = 'anonymous' | UserType;

const expected = (r: Route, who: Caller) =>
  r.public ? 'allowed' : who === 'anonymous' ? 'unauthenticated' : r.roles && !r.roles.includes(who) ? 'forbidden' : 'allowed';

describe('access: every route × anonymous, student, startup, admin', () => {
  const env = new TestEnv({ DEV_TOOLS: 'true' });
  let api: NestFastifyApplication;
  const callers = {} as Record<Caller, { client: ApiClient; email?: string }>;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    callers.anonymous = { client: new ApiClient(api) };
    for (const role of ['student', 'startup', 'admin'] as const) {
      const s = await signedIn(api, role);
      callers[role] = { client: s.client, email: s.user.email };
    }
  });
  afterAll(() => env.close());

  it('knows the whole route table (sanity: the table is not empty and covers every module)', () => {
    const routes = routeTable(api);
    expect(routes.length).toBeGreaterThan(50);
    for (const prefix of [
      '/api/auth',
      '/api/onboarding',
      '/api/projects',
      '/api/applications',
      '/api/marketplace',
      '/api/admin/users',
      '/api/admin/recruitment',
      '/api/files',
      '/api/health',
    ]) {
      expect([prefix, routes.some((r) => r.path.startsWith(prefix))]).toEqual([prefix, true]);
    }
  });

  it('answers each caller exactly as the route declares', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of routeTable(api)) {
      for (const who of ['anonymous', 'student', 'startup', 'admin'] as const) {
        const caller = callers[who];
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
        const res = await caller.client.request(route.method, route.path, body);
        const code = res.headers['content-type']?.toString().includes('json') ? res.json<{ code?: string }>().code : undefined;
        const got =
          code === 'unauthenticated' && res.statusCode === 401
            ? 'unauthenticated'
            : code === 'forbidden' && res.statusCode === 403
              ? 'forbidden'
              : code === 'email-not-verified'
                ? 'forbidden'
                : 'allowed';
        const want = expected(route, who);
        if (got !== want)
          mismatches.push(`${route.method} ${route.path} as ${who}: expected ${want}, got ${res.statusCode} ${code ?? ''}`);
        checked++;
        // A call that ended the session (sign-out, password change) is followed by a fresh sign-in.
        if (caller.email && (await caller.client.get('/api/auth/me')).statusCode === 401) {
          caller.client = new ApiClient(api);
          await caller.client.post('/api/auth/signin', { email: caller.email, password: PASSWORD });
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('the queue board: admins only, by the same session', async () => {
    const get = (c: ApiClient, accept = 'application/json') => c.request('GET', '/admin/queues', undefined, { accept });
    expect((await get(callers.anonymous.client)).statusCode).toBe(401);
    expect((await get(callers.anonymous.client, 'text/html')).statusCode).toBe(303);
    expect((await get(callers.student.client)).statusCode).toBe(403);
    expect((await get(callers.startup.client)).statusCode).toBe(403);
    const admin = await get(callers.admin.client, 'text/html');
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('Mashrou queues');
    expect(
      (await callers.admin.client.request('GET', '/admin/queues/api/queues', undefined, { accept: 'application/json' }))
        .statusCode,
    ).toBe(200);
    expect((await callers.student.client.request('GET', '/admin/queues/api/queues')).statusCode).toBe(403);
  });

  it('a failed job can be retried from the queue board, by admins only', async () => {
    await env.worker({ JOB_ATTEMPTS: '1' });
    const queue = api.get<Queue>(getQueueToken('notifications'), { strict: false });
    const sent = await callers.admin.client.post('/api/dev/test-email', { to: 'ops@example.com', simulateFailure: true });
    expect(sent.statusCode).toBe(202);
    const failed = await eventually(async () => {
      const f = await queue.getFailed();
      return f.length ? f : undefined;
    });
    const job = first(failed!);
    expect(job.attemptsMade).toBe(1);
    const retry = (c: ApiClient) =>
      c.request('PUT', `/admin/queues/api/queues/notifications/${encodeURIComponent(job.id!)}/retry`, undefined, {
        accept: 'application/json',
      });
    expect((await retry(callers.student.client)).statusCode).toBe(403);
    expect((await retry(callers.anonymous.client)).statusCode).toBe(401);
    expect((await queue.getJob(job.id!))!.attemptsMade).toBe(1);
    expect((await retry(callers.admin.client)).statusCode).toBe(204);
    // It ran again (and, asked to fail, failed again): a second attempt on record.
    await eventually(async () => {
      const j = await queue.getJob(job.id!);
      return j && (await j.getState()) === 'failed' && j.attemptsMade === 2;
    });
  });
});
