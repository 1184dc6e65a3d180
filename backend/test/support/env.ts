import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { chownSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import { createApi } from '../../src/http/create-api.js';
import { WorkerModule } from '../../src/worker.module.js';
import { createTestDatabase } from './db.js';
import { SmtpSink, type SinkOptions } from './smtp-sink.js';

export { eventually } from './eventually.js';

export const BACKEND_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Settings that make retries and polls fast enough for tests. */
const FAST: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  OUTBOX_POLL_MS: '300',
  JOB_BACKOFF_MS: '200',
  JOB_ATTEMPTS: '5',
  JOB_LOCK_MS: '2000',
  SHUTDOWN_TIMEOUT_MS: '10000',
  // Every test file signs up many accounts from one address; abuse.e2e-spec tests the real default.
  SIGNUPS_PER_IP_PER_HOUR: '1000',
  // Several test files post many projects from one company; marketplace.e2e-spec tests the budget.
  PROJECTS_PER_COMPANY_PER_HOUR: '1000',
  PENDING_PROJECTS_PER_COMPANY: '1000',
};

/**
 * One test file's world: its own database (copied from the migrated template), its own queue prefix
 * on the real Redis, and an in-process SMTP sink.
 */
export class TestEnv {
  readonly smtp: SmtpSink;
  env: Record<string, string> = {};
  private dropDb?: () => Promise<void>;
  private closers: (() => Promise<unknown>)[] = [];

  constructor(
    private readonly overrides: Record<string, string> = {},
    sink: SinkOptions = {},
  ) {
    this.smtp = new SmtpSink(sink);
  }

  async start() {
    const db = await createTestDatabase();
    this.dropDb = db.drop;
    await this.smtp.start();
    this.env = {
      ...FAST,
      DATABASE_URL: db.url,
      SMTP_URL: this.smtp.url,
      QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`,
      STORAGE_DIR: join(tmpdir(), `mashrou-test-files-${randomBytes(4).toString('hex')}`),
      PORT: '0',
      ...this.overrides,
    };
    return this;
  }

  /** This file's STORAGE_DIR (set by `start()`). */
  get storageDir(): string {
    const dir = this.env.STORAGE_DIR;
    if (!dir) throw new Error('STORAGE_DIR is not set: TestEnv.start() has not run');
    return dir;
  }

  config(extra: Record<string, string> = {}): AppConfig {
    return loadConfig({ ...this.env, ...extra });
  }

  async api(extra: Record<string, string> = {}): Promise<NestFastifyApplication> {
    const app = await createApi(this.config(extra), { bufferLogs: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    this.closers.push(() => app.close());
    return app;
  }

  async worker(extra: Record<string, string> = {}): Promise<INestApplicationContext> {
    const ctx = await NestFactory.createApplicationContext(WorkerModule.forRoot(this.config(extra)), {
      logger: false,
    });
    await ctx.init();
    this.closers.push(() => ctx.close());
    return ctx;
  }

  /** The compiled worker in a process of its own (for kill and signal tests). */
  spawnWorker(extra: Record<string, string> = {}): ChildProcess {
    return this.spawnScript('dist/worker.js', extra);
  }

  /** A compiled entry point (`dist/main.js`, `dist/cli/seed.js`, …) in a process of its own. */
  spawnScript(script: string, extra: Record<string, string> = {}): ChildProcess {
    const child = spawn(process.execPath, [script], {
      cwd: BACKEND_DIR,
      env: { PATH: process.env.PATH ?? '', ...this.env, LOG_LEVEL: 'info', ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.closers.push(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
      }
    });
    return child;
  }

  private redisClient?: Redis;

  /** A plain client on the test Redis (keys are not prefixed: use `this.env.QUEUE_PREFIX`). */
  redis(): Redis {
    if (!this.redisClient) {
      this.redisClient = new Redis(this.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
      const client = this.redisClient;
      this.closers.push(
        () =>
          new Promise<void>((resolve) => {
            client.disconnect();
            resolve();
          }),
      );
    }
    return this.redisClient;
  }

  /** Every Redis key of this test file whose name (after the prefix) matches `pattern`. */
  async redisKeys(pattern = '*') {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis().scan(cursor, 'MATCH', `${this.env.QUEUE_PREFIX}:${pattern}`, 'COUNT', 1000);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found;
  }

  /** Deletes this file's rate-limit counters matching `pattern` (as if their window had passed). */
  async forgetLimits(pattern: string) {
    const keys = await this.redisKeys(`throttle:${pattern}`);
    if (keys.length) await this.redis().del(...keys);
    return keys.length;
  }

  async close() {
    for (const close of this.closers.splice(0).reverse()) await close().catch(() => undefined);
    await this.smtp.stop().catch(() => undefined);
    const prefix = this.env.QUEUE_PREFIX;
    if (prefix) await deleteQueueKeys(this.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix).catch(() => undefined);
    await this.dropDb?.();
    if (this.env.STORAGE_DIR) await rm(this.env.STORAGE_DIR, { recursive: true, force: true });
  }
}

async function deleteQueueKeys(url: string, prefix: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on('error', () => undefined);
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How a process ended: its exit code, or the name of the signal that ended it (already ended: at once). */
export function exitOf(child: ChildProcess): Promise<number | string> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode ?? child.exitCode ?? 0);
    else
      child.once('exit', (code, signal) => {
        resolve(signal ?? code ?? 0);
      });
  });
}

/**
 * Waits for a line matching `re` on a child's stdout or stderr. Generous: on a slow 2-core host, five
 * processes starting beside another test file took more than 20 s to listen.
 */
export function waitForOutput(child: ChildProcess, re: RegExp, timeoutMs = 45_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const t = setTimeout(() => {
      reject(new Error(`no output matching ${re} in ${timeoutMs} ms:\n${seen}`));
    }, timeoutMs);
    const on = (chunk: Buffer) => {
      seen += chunk.toString();
      const m = seen.match(re);
      if (m) {
        clearTimeout(t);
        child.stdout?.off('data', on);
        child.stderr?.off('data', on);
        resolve(m[0]);
      }
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
  });
}

/** A Redis of our own on another port, to stop and start at will. */
export class OwnRedis {
  private proc?: ChildProcess;
  /** With `aof`, as production runs it (README "Redis"): every write on disk before it is answered. */
  private readonly dir?: string;
  constructor(
    readonly port: number,
    { aof = false }: { aof?: boolean } = {},
  ) {
    if (aof) this.dir = join(tmpdir(), `mashrou-redis-${randomBytes(4).toString('hex')}`);
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    if (this.dir) mkdirSync(this.dir, { recursive: true });
    this.proc = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        ...(this.dir ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', this.dir] : ['--appendonly', 'no']),
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await waitForOutput(this.proc, /Ready to accept connections/);
  }

  async stop() {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    p.kill('SIGKILL');
    await new Promise((r) => p.once('exit', r));
    this.proc = undefined;
  }
}

/**
 * A PostgreSQL server of our own (a scratch cluster on another port, trust auth, run as the
 * `postgres` user) to stop and start under load; the shared one is never touched.
 */
export class OwnPostgres {
  private readonly dir = join(tmpdir(), `mashrou-pg-${randomBytes(4).toString('hex')}`);
  constructor(readonly port: number) {}

  url(database: string) {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private pg(tool: string, args: string[]) {
    const bin = join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1) ?? '', 'bin', tool);
    const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', bin] : [bin];
    const run = spawnSync(asPostgres[0] ?? bin, [...asPostgres.slice(1), ...args], { encoding: 'utf8', timeout: 60_000 });
    if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr || run.stdout}`);
  }

  start() {
    if (!existsSync(this.dir)) {
      mkdirSync(this.dir, { recursive: true });
      if (process.getuid?.() === 0) chownSync(this.dir, ...postgresIds());
      this.pg('initdb', ['-D', this.dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    }
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.pg('pg_ctl', ['-D', this.dir, '-o', options, '-l', join(this.dir, 'log'), '-w', 'start']);
  }

  /** A fast shutdown: open connections are ended, as in a restart or a failover. */
  stop() {
    if (existsSync(join(this.dir, 'postmaster.pid'))) this.pg('pg_ctl', ['-D', this.dir, '-m', 'fast', '-w', 'stop']);
  }

  remove() {
    this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const postgresIds = (): [number, number] => {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid = '0', gid = '0'] = (line ?? '').split(':');
  return [Number(uid), Number(gid)];
};
