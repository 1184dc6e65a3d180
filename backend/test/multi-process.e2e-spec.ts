import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { insertUser } from '../src/identity/insert-user.js';
import { PASSWORD, PROJECT } from './support/factories.js';
import { TestEnv, eventually, sleep, waitForOutput, exitOf } from './support/env.js';
import { freePort } from './support/free-port.js';
import { readUnread } from './support/streams.js';

const MAILS = 1000;

/**
 * What an operator runs: the compiled api and worker as separate processes, several of each, over one
 * PostgreSQL and one Redis (here on loopback), as the Kubernetes manifests and compose run them.
 */
describe('2 api processes and 3 workers over one PostgreSQL and Redis', () => {
  const env = new TestEnv();
  let bases: string[] = [];
  let workers: ChildProcess[] = [];
  let apis: ChildProcess[] = [];

  beforeAll(async () => {
    await env.start();
    const ports = [await freePort(), await freePort()];
    apis = ports.map((port) => env.spawnScript('dist/main.js', { PORT: String(port) }));
    // The production lock (an empty value is the default), as an operator runs them.
    workers = [0, 1, 2].map(() => env.spawnWorker({ JOB_LOCK_MS: '' }));
    await Promise.all([
      ...apis.map((a) => waitForOutput(a, /api listening/)),
      ...workers.map((w) => waitForOutput(w, /worker started/)),
    ]);
    bases = ports.map((p) => `http://127.0.0.1:${p}/api`);
    // Five processes start at once: on a slow host that alone can take most of a minute.
  }, 120_000);
  afterAll(async () => {
    // Stopped as a deploy stops them (their kept-alive connections close cleanly), then the rest.
    const running = [...apis, ...workers].filter((p) => p.exitCode === null && p.signalCode === null);
    for (const p of running) p.kill('SIGTERM');
    await Promise.all(running.map(exitOf));
    await env.close();
  });

  it(`${MAILS} mails requested through both apis arrive exactly once each, with a worker stopped mid-drain`, async () => {
    const ask = (i: number) =>
      fetch(`${bases[i % 2] ?? ''}/dev/test-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'mashrou' },
        body: JSON.stringify({ to: `many-${i}@example.com` }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    // 20 callers at a time, like a busy hour's requests.
    await Promise.all(
      Array.from({ length: 20 }, async (_, lane) => {
        for (let i = lane; i < MAILS; i += 20) statuses.push(await ask(i));
      }),
    );
    expect(statuses.filter((s) => s !== 202)).toEqual([]);

    // A deploy stops one worker while the queue drains: its running jobs finish, the rest wait for the others.
    await eventually(() => env.smtp.messages.length >= 100, 60_000);
    const stopping = workers[0] as ChildProcess;
    stopping.kill('SIGTERM');
    expect([0, 'SIGTERM']).toContain(await exitOf(stopping));

    await env.smtp.waitFor(MAILS, 120_000);
    await sleep(2000); // anything sent twice would arrive meanwhile
    const recipients = env.smtp.messages.map((m) => (m.to as { text: string }).text);
    expect(recipients).toHaveLength(MAILS);
    expect(new Set(recipients).size).toBe(MAILS);
  });

  it("a project submitted through one api process reaches an admin's live stream held by the other", async () => {
    const ctx = await env.api();
    const em = () => ctx.get(MikroORM).em.fork();
    const stamp = Date.now();
    const [first = '', second = ''] = bases;
    const signIn = async (email: string) => {
      const res = await fetch(`${first}/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'mashrou' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(res.status).toBe(200);
      return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    };
    const admin = `watching-admin-${stamp}@example.com`;
    const company = `submitting-company-${stamp}@example.com`;
    await insertUser(em(), { email: admin, password: PASSWORD, fullName: 'Watching Admin', userType: 'admin', verified: true });
    await insertUser(em(), {
      email: company,
      password: PASSWORD,
      fullName: 'Submitting Company',
      userType: 'startup',
      companyName: 'Submitting Co',
      verified: true,
    });
    const [adminCookie, companyCookie] = [await signIn(admin), await signIn(company)];
    // The stream is held by the second api process; the project is submitted through the first; a
    // worker process writes the admins' notification and announces it on Redis.
    const seen = await readUnread(
      `${second}/notifications/stream`,
      adminCookie,
      (s) => s.some((n) => n > 0),
      async () => {
        const submitted = await fetch(`${first}/projects`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'mashrou', cookie: companyCookie },
          body: JSON.stringify(PROJECT),
        });
        expect(submitted.status).toBe(201);
      },
    );
    expect(seen[0]).toBe(0);
    expect(seen.some((n) => n > 0)).toBe(true);
  });
});
