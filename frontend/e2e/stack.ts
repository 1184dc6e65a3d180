/**
 * The real product for browser journeys: a fresh database, the api (serving the built SPA, so the
 * browser talks to one origin), a worker, and an in-process SMTP sink to read codes and links from.
 * Its data is made by the backend's test factories (backend/test/support/shared-factories.ts), the
 * same ones the api tests use: a Stack is their world over HTTP.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ParsedMail } from 'mailparser';
import { createTestDatabase } from '../../backend/test/support/db.ts';
import { freePort } from '../../backend/test/support/free-port.ts';
import { HttpClient } from '../../backend/test/support/http-client.ts';
import { SmtpSink } from '../../backend/test/support/smtp-sink.ts';
import { OidcStandIn } from '../../backend/test/support/oidc-stand-in.ts';
import { PASSWORD, type AccountFields, type Role, type World } from '../../backend/test/support/shared-factories.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface StackAccount {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

export class Stack implements World<StackAccount, HttpClient> {
  readonly smtp = new SmtpSink();
  url = '';
  private procs: ChildProcess[] = [];
  private dbUrl = '';
  private dropDb?: () => Promise<void>;
  private logs = '';
  private accounts = 0;
  env: Record<string, string> = {};
  /** With `start({ providers: true })`: OpenID Connect providers on 127.0.0.1 standing in for Google and LinkedIn. */
  readonly standIns: OidcStandIn[] = [];

  /** Starts everything; when a part fails, what did start is stopped (a test's afterAll never sees this stack). */
  async start(opts: { providers?: boolean } = {}) {
    try {
      return await this.boot(opts);
    } catch (e) {
      await this.stop().catch(() => undefined);
      throw e;
    }
  }

  private async boot(opts: { providers?: boolean }) {
    const db = await createTestDatabase({ prefix: 'mashrou_e2e', template: null });
    this.dbUrl = db.url;
    this.dropDb = db.drop;
    await this.smtp.start();

    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    this.env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATABASE_URL: this.dbUrl,
      SMTP_URL: this.smtp.url,
      WEB_ORIGIN: this.url,
      QUEUE_PREFIX: `e2e${randomBytes(4).toString('hex')}`,
      SERVE_WEB_DIR: `${ROOT}/frontend/dist`,
      STORAGE_DIR: `${tmpdir()}/mashrou-e2e-files-${new URL(this.dbUrl).pathname.slice(1)}`,
      OUTBOX_POLL_MS: '300',
      JOB_BACKOFF_MS: '200',
      PROJECTS_PER_COMPANY_PER_HOUR: '1000',
      PENDING_PROJECTS_PER_COMPANY: '1000',
    };
    if (opts.providers) {
      for (const name of ['google', 'linkedin'] as const) {
        const standIn = await new OidcStandIn(name, (p) => `${this.url}/api/auth/providers/${p}/callback`).start();
        this.standIns.push(standIn);
        Object.assign(this.env, standIn.env);
      }
    }
    const migrate = spawnSync(process.execPath, ['backend/dist/cli/migrate.js'], { cwd: ROOT, env: this.env, encoding: 'utf8' });
    if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr}`);
    this.spawn('backend/dist/worker.js');
    this.spawn('backend/dist/main.js');
    // A guard against a hang, not a speed check: with the other file's browser and api busy on a
    // slow machine, the api's start has taken over 20 s.
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      const exited = this.procs.find((p) => p.exitCode !== null);
      if (exited) throw new Error(`${exited.spawnargs.join(' ')} exited with ${exited.exitCode}:\n${this.logs}`);
      try {
        if ((await fetch(`${this.url}/api/health/ready`)).ok) return this;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`api did not start in 120 s:\n${this.logs}`);
  }

  private spawn(script: string) {
    const p = spawn(process.execPath, [script], { cwd: ROOT, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.on('data', (c: Buffer) => {
      this.logs += c.toString();
    });
    p.stderr.on('data', (c: Buffer) => {
      this.logs += c.toString();
    });
    this.procs.push(p);
  }

  /** Runs a backend CLI (e.g. admin:create) against this stack's database. */
  cli(script: string, args: string[], env: Record<string, string> = {}) {
    const r = spawnSync(process.execPath, [`backend/dist/cli/${script}.js`, ...args], {
      cwd: ROOT,
      env: { ...this.env, ...env },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr}`);
    return r.stdout;
  }

  /**
   * A verified, onboarded account made as people make theirs: through the real sign-up endpoint (so
   * admins see the signup), or for an admin the admin-create CLI.
   */
  async createUser(
    userType: Role,
    email: string,
    fullName: string,
    password = PASSWORD,
    fields: Omit<AccountFields, 'email' | 'fullName'> = {},
  ): Promise<StackAccount> {
    if (userType === 'admin') {
      this.cli('admin-create', ['--email', email, '--name', fullName], { MASHROU_ADMIN_PASSWORD: password });
    } else {
      const companyName = userType === 'startup' ? (fields.companyName ?? `${fullName} Co`) : undefined;
      const res = await new HttpClient(this.url).post('/api/auth/signup', { userType, email, password, fullName, companyName });
      if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
      await this.sql(
        `update users set email_verified_at = now(), onboarding_complete = true,
                          school = coalesce($2, school), graduation_year = coalesce($3, graduation_year)
          where email = $1`,
        [email, fields.school ?? null, fields.graduationYear ?? null],
      );
    }
    const [row] = await this.sql<{ id: string }>(`select id from users where email = $1`, [email]);
    if (!row) throw new Error(`no account ${email}`);
    return { id: row.id, email, password, fullName };
  }

  /** The shared factories' account: `createUser`, and an api caller signed in as it. */
  async signedIn(role: Role, { email, fullName, ...fields }: AccountFields = {}) {
    this.accounts += 1;
    const name = fullName ?? `${role === 'startup' ? 'Company' : role === 'admin' ? 'Admin' : 'Student'} Person ${this.accounts}`;
    const user = await this.createUser(role, email ?? `${role}-${this.accounts}@stack.example.com`, name, PASSWORD, fields);
    return { user, client: await this.signIn(user.email, user.password) };
  }

  /** An api caller outside the browser, signed in as this account. */
  signIn(email: string, password = PASSWORD) {
    return new HttpClient(this.url).signIn(email, password);
  }

  async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    const c = new pg.Client({ connectionString: this.dbUrl });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  }

  /** The newest email to `to` whose subject matches, waiting for it to arrive. */
  waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<ParsedMail> {
    return this.smtp.waitForMail(to, subject, timeoutMs);
  }

  async stop() {
    for (const p of this.procs) {
      if (p.exitCode === null) {
        p.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            p.kill('SIGKILL');
            r(undefined);
          }, 5000);
          p.once('exit', () => {
            clearTimeout(t);
            r(undefined);
          });
        });
      }
    }
    await this.smtp.stop();
    for (const standIn of this.standIns) await standIn.stop();
    if (this.env.STORAGE_DIR) await rm(this.env.STORAGE_DIR, { recursive: true, force: true });
    await this.dropDb?.();
  }
}
