import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { dropDatabase } from '../src/cli/ensure-database.js';
import { OwnRedis, TestEnv, waitForOutput, exitOf } from './support/env.js';
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
});
