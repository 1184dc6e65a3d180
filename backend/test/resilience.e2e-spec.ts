import { afterEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestEnv, OwnRedis, eventually, sleep, waitForOutput } from './support/env.js';
import { nth } from './support/items.js';

const post = (api: NestFastifyApplication, to: string) =>
  api.inject({ method: 'POST', url: '/api/dev/test-email', headers: { 'x-requested-with': 'mashrou' }, payload: { to } });

describe('nothing is lost when something fails', () => {
  let env: TestEnv;
  // Unset when a test fails before making its environment.
  afterEach(() => (env as TestEnv | undefined)?.close());

  it('Redis unreachable when the change commits: the request succeeds, the email arrives once Redis is back', async () => {
    const redis = new OwnRedis(6390 + Math.floor(Math.random() * 50));
    await redis.start();
    try {
      env = await new TestEnv({ REDIS_URL: redis.url }).start();
      const api = await env.api();
      await env.worker();
      await redis.stop();

      const res = await post(api, 'offline@example.com');
      expect(res.statusCode).toBe(202);
      await sleep(1500); // relay passes fail meanwhile; the row stays in the outbox
      expect(env.smtp.messages).toHaveLength(0);

      await redis.start();
      const mail = nth(await env.smtp.waitFor(1, 30_000), 0);
      expect((mail.to as { text: string }).text).toBe('offline@example.com');
      await sleep(1000);
      expect(env.smtp.messages).toHaveLength(1);
    } finally {
      await env.close();
      await redis.stop();
    }
  });

  it('a worker killed mid-job: another picks the job up within 15 s (default JOB_LOCK_MS), and the mail sent again keeps its Message-ID', async () => {
    // The first delivery attempt hangs inside SMTP DATA, so the job is in flight when the worker dies.
    env = await new TestEnv({}, { delayMs: Infinity }).start();
    const api = await env.api();
    // The production lock (an empty value is the default), not the tests' short one.
    const lock = { JOB_LOCK_MS: '' };
    const first = env.spawnWorker(lock);
    const second = env.spawnWorker({ ...lock, WORKER_RELAY: 'false' });
    await Promise.all([waitForOutput(first, /worker started/), waitForOutput(second, /worker started/)]);
    await post(api, 'survivor@example.com');
    await eventually(() => env.smtp.attempts >= 1, 15_000);
    // Whichever worker took the job: kill it (the relay runs in the first, but either may run jobs).
    env.smtp.options.delayMs = 0;
    const attemptsBefore = env.smtp.attempts;
    first.kill('SIGKILL');
    second.kill('SIGKILL');
    await Promise.all([new Promise((r) => first.once('exit', r)), new Promise((r) => second.once('exit', r))]);
    const killedAt = Date.now();
    const third = env.spawnWorker(lock);
    await waitForOutput(third, /worker started/);
    const mail = nth(await env.smtp.waitFor(1, 30_000), 0);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    expect(attemptsBefore).toBe(1);
    expect((mail.to as { text: string }).text).toBe('survivor@example.com');
    // The first try reached the server (it never answered): the second has the same Message-ID, so
    // a mailbox that got both shows one.
    const firstTry = /^Message-ID: (.+)$/im.exec(env.smtp.raw[0] ?? '')?.[1]?.trim();
    expect(firstTry).toMatch(/^<[\w-]{32}@[\w.-]+>$/);
    expect(mail.messageId).toBe(firstTry);
    await sleep(1000);
    expect(env.smtp.messages).toHaveLength(1);
  });

  it('SIGTERM lets the job in flight finish, then the worker exits cleanly', async () => {
    env = await new TestEnv({}, { delayMs: 1500 }).start();
    const api = await env.api();
    const worker = env.spawnWorker();
    await waitForOutput(worker, /worker started/);
    await post(api, 'graceful@example.com');
    await eventually(() => env.smtp.attempts === 1, 15_000);
    expect(env.smtp.messages).toHaveLength(0); // still inside SMTP DATA
    let deliveredBeforeExit = -1;
    const exited = new Promise<{ code: number | null; signal: string | null }>((r) =>
      worker.once('exit', (code, signal) => {
        deliveredBeforeExit = env.smtp.messages.length;
        r({ code, signal });
      }),
    );
    worker.kill('SIGTERM');
    // Nest re-raises the signal once its shutdown hooks are done: a clean exit is code 0 or SIGTERM.
    const { code, signal } = await exited;
    expect(code === 0 || signal === 'SIGTERM').toBe(true);
    expect(deliveredBeforeExit).toBe(1);
  });
});
