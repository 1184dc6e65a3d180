import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { dropDatabase } from '../src/cli/ensure-database.js';
import { OwnPostgres, OwnRedis, TestEnv, waitForOutput, exitOf } from './support/env.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../src/orm.config.js';
import { insertUser } from '../src/identity/insert-user.js';
import { PASSWORD } from './support/factories.js';
import { freePort } from './support/free-port.js';

/** Polls until `check` holds (or fails the test after `ms`). */
async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not within ${ms} ms`);
}

const metricValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/** What an operator's orchestrator and Prometheus see: probes, the drain on SIGTERM, the ops port. */
describe('operations', () => {
  const env = new TestEnv();
  beforeAll(async () => {
    await env.start();
  });
  afterAll(() => env.close());

  it('on SIGTERM readiness turns 503 at once while other routes still serve for SHUTDOWN_DELAY_MS, then the api exits', async () => {
    const port = await freePort();
    const api = env.spawnScript('dist/main.js', { PORT: String(port), SHUTDOWN_DELAY_MS: '1500' });
    await waitForOutput(api, /api listening/);
    const base = `http://127.0.0.1:${port}/api`;
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    const stoppedAt = Date.now();
    api.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { details: Record<string, { status: string }> }).details).toMatchObject({
      process: { status: 'down' },
      database: { status: 'up' },
      redis: { status: 'up' },
    });
    // Everything else still serves meanwhile (requests the load balancer sent before it saw the 503).
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect(await exitOf(api)).toBe(0);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(1400);
  });

  it("the api's metrics are on OPS_PORT only, by route template, with the pool and event-loop lag", async () => {
    const [port, ops] = [await freePort(), await freePort()];
    const api = env.spawnScript('dist/main.js', { PORT: String(port), OPS_PORT: String(ops) });
    await waitForOutput(api, /ops port on/);
    const base = `http://127.0.0.1:${port}/api`;
    await fetch(`${base}/projects/00000000-0000-4000-8000-000000000000`);
    await fetch(`${base}/health/live`);
    const res = await fetch(`http://127.0.0.1:${ops}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    // A template, never the id: one series per route, not per project.
    expect(text).toContain('mashrou_http_requests_total{method="GET",route="/api/projects/:id",status="401"} 1');
    expect(text).toContain('mashrou_http_requests_total{method="GET",route="/api/health/live",status="200"} 1');
    expect(text).toMatch(/mashrou_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health\/live"\}/);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^mashrou_db_pool_connections\{state="idle"\} \d/m);
    // Never on the public port; nothing but GET of its three paths on the ops port.
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${ops}/metrics`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`http://127.0.0.1:${ops}/anything`)).status).toBe(404);
    api.kill('SIGTERM');
    expect(await exitOf(api)).toBe(0);
  });

  it('a worker answers its probes and exports queue backlog and outbox figures on its ops port', async () => {
    const ops = await freePort();
    const worker = env.spawnWorker({ OPS_PORT: String(ops) });
    await waitForOutput(worker, /worker started/);
    const base = `http://127.0.0.1:${ops}`;
    expect([(await fetch(`${base}/health/live`)).status]).toEqual([200]);
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      details: { database: { status: 'up' }, redis: { status: 'up' }, outbox: { status: 'up' }, process: { status: 'up' } },
    });
    const text = await (await fetch(`${base}/metrics`)).text();
    for (const queue of ['notifications', 'maintenance']) {
      expect(metricValue(text, `mashrou_queue_backlog{queue="${queue}"}`)).toEqual(expect.any(Number));
      expect(metricValue(text, `mashrou_queue_jobs{queue="${queue}",state="failed"}`)).toEqual(expect.any(Number));
    }
    expect(metricValue(text, 'mashrou_outbox_pending')).toEqual(expect.any(Number));
    expect(metricValue(text, 'mashrou_outbox_oldest_pending_seconds')).toEqual(expect.any(Number));
    worker.kill('SIGTERM');
    // Nest re-raises the signal once its shutdown hooks are done: a clean exit is code 0 or SIGTERM.
    expect([0, 'SIGTERM']).toContain(await exitOf(worker));
  });

  it('readiness turns 503 naming Redis when Redis stops, and 200 again when it is back, by itself', async () => {
    const redis = new OwnRedis(await freePort());
    await redis.start();
    try {
      const api = await env.api({ REDIS_URL: redis.url });
      const ready = async () => {
        const res = await api.inject({ method: 'GET', url: '/api/health/ready' });
        const body: { details: { redis: { status: string } } } = res.json();
        return { status: res.statusCode, redis: body.details.redis.status };
      };
      expect(await ready()).toEqual({ status: 200, redis: 'up' });
      await redis.stop();
      await eventually(async () => (await ready()).status === 503);
      expect(await ready()).toEqual({ status: 503, redis: 'down' });
      await redis.start();
      await eventually(async () => (await ready()).status === 200);
      expect(await ready()).toEqual({ status: 200, redis: 'up' });
    } finally {
      await redis.stop();
    }
  });

  it('two migrations started at once (a retried Job, two deploys) take turns: each migration runs once, both succeed', async () => {
    const url = new URL(env.env.DATABASE_URL ?? '');
    url.pathname = `/mashrou_migrate_race_${process.pid}`;
    const databaseUrl = url.toString();
    await dropDatabase(databaseUrl);
    try {
      const run = () => {
        const child = env.spawnScript('dist/cli/migrate.js', { DATABASE_URL: databaseUrl });
        let out = '';
        child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
        child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
        return exitOf(child).then((code) => ({ code, out }));
      };
      const [a, b] = await Promise.all([run(), run()]);
      expect([a.code, b.code]).toEqual([0, 0]);
      const said = [a.out, b.out].map((o) =>
        o.includes('database is up to date') ? 'up to date' : o.includes('applied:') ? 'applied' : o,
      );
      expect(said.sort()).toEqual(['applied', 'up to date']);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>('select count(*) as n from mikro_orm_migrations');
        expect(Number(rows[0]?.n)).toBe(MIGRATIONS.length);
      } finally {
        await client.end();
      }
    } finally {
      await dropDatabase(databaseUrl);
    }
  });

  it.each(['PostgreSQL', 'Redis'] as const)(
    '%s restarted under load: 503 busy (never 500) while it is away, back by itself, and every mail accepted goes out once',
    async (kind) => {
      const pgOwn = new OwnPostgres(await freePort());
      const redisOwn = new OwnRedis(await freePort(), { aof: true });
      pgOwn.start();
      await redisOwn.start();
      try {
        const databaseUrl = pgOwn.url('mashrou_restart');
        // One attempt per job: a mail caught in flight by the outage must wait for it (no attempt spent),
        // or it is lost — the retry budget alone (JOB_ATTEMPTS × JOB_BACKOFF_MS) is shorter than the outage.
        // The production job lock (8 s; an empty value is the default), not the tests' 2 s: a lock that
        // runs out while Redis is away lets the stalled check start a job still running, and its mail
        // goes out twice (seen once in 3 CI runs with the 2 s lock).
        const own = { DATABASE_URL: databaseUrl, REDIS_URL: redisOwn.url, JOB_ATTEMPTS: '1', JOB_LOCK_MS: '' };
        expect(await exitOf(env.spawnScript('dist/cli/migrate.js', own))).toBe(0);
        const orm = await MikroORM.init(ormConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'test' }));
        const email = `restart-${Date.now()}@example.com`;
        try {
          await insertUser(orm.em.fork(), {
            email,
            password: PASSWORD,
            fullName: 'Restart Student',
            userType: 'student',
            verified: true,
          });
        } finally {
          await orm.close(true);
        }
        const port = await freePort();
        const api = env.spawnScript('dist/main.js', { ...own, PORT: String(port) });
        const worker = env.spawnWorker(own);
        await Promise.all([waitForOutput(api, /api listening/), waitForOutput(worker, /worker started/)]);
        const base = `http://127.0.0.1:${port}/api`;
        const json = { 'content-type': 'application/json', 'x-requested-with': 'mashrou' };
        const signin = await fetch(`${base}/auth/signin`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        expect(signin.status).toBe(200);
        const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

        // Load: a student browsing and mails asked for, 5 callers at a time, the whole while.
        const answers: { status: number; code?: string }[] = [];
        const accepted: string[] = [];
        let loading = true;
        let n = 0;
        const call = async (i: number) => {
          const to = `${kind.toLowerCase()}-${i}@example.com`;
          const res =
            i % 4 === 0
              ? await fetch(`${base}/dev/test-email`, { method: 'POST', headers: json, body: JSON.stringify({ to }) })
              : await fetch(`${base}/marketplace/projects`, { headers: { cookie } });
          const body = (await res.json()) as { code?: string };
          if (i % 4 === 0 && res.status === 202) accepted.push(to);
          return { status: res.status, ...(res.status >= 400 && { code: body.code }) };
        };
        const lanes = Array.from({ length: 5 }, async () => {
          while (loading) answers.push(await call((n += 1)).catch(() => ({ status: 0 })));
        });
        await new Promise((r) => setTimeout(r, 500));
        const stop = async () => {
          if (kind === 'PostgreSQL') pgOwn.stop();
          else await redisOwn.stop();
        };
        const start = async () => {
          if (kind === 'PostgreSQL') pgOwn.start();
          else await redisOwn.start();
        };
        await stop();
        await new Promise((r) => setTimeout(r, 3000));
        const whileDown = answers.length;
        await start();
        await eventually(async () => (await fetch(`${base}/health/ready`)).status === 200, 30_000);
        const backAt = answers.length;
        await eventually(() => Promise.resolve(answers.length > backAt + 40), 30_000);
        loading = false;
        await Promise.all(lanes);

        // Every refusal is a "come back in a moment", never a 500 or a dropped connection.
        const refusals = new Set(answers.filter((a) => a.status >= 300).map((a) => `${a.status} ${a.code ?? ''}`));
        expect([...refusals].filter((r) => r !== '503 busy')).toEqual([]);
        if (kind === 'PostgreSQL') expect(answers.slice(0, whileDown).some((a) => a.status === 503)).toBe(true);
        // Back by itself: the pool and the Redis connections reconnect, nothing restarted the api.
        expect(answers.slice(-20).filter((a) => a.status >= 300)).toEqual([]);
        // Every mail the api accepted (202) goes out once: committed in the outbox, relayed when both are back.
        expect(accepted.length).toBeGreaterThan(5);
        const unsent = () => accepted.filter((to) => !env.smtp.messages.some((m) => (m.to as { text: string }).text === to));
        await eventually(() => Promise.resolve(unsent().length === 0), 40_000).catch(() => {
          throw new Error(`accepted (202) but never sent: ${unsent().join(', ')}`);
        });
        const sent = env.smtp.messages
          .map((m) => (m.to as { text: string }).text)
          .filter((to) => to.startsWith(`${kind.toLowerCase()}-`));
        expect(sent.length).toBe(new Set(sent).size);
        for (const p of [api, worker]) p.kill('SIGTERM');
        await Promise.all([exitOf(api), exitOf(worker)]);
      } finally {
        pgOwn.remove();
        await redisOwn.stop();
      }
    },
    // Its waits add up to more than the default minute on a loaded machine (own servers, two processes).
    120_000,
  );
});
