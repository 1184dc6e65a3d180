/**
 * The real product for browser journeys: a fresh database, the api (serving the built SPA, so the
 * browser talks to one origin), a worker, and an in-process SMTP sink to read codes and links from.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => {
        resolve(port);
      });
    });
  });

export class Stack {
  readonly mail: ParsedMail[] = [];
  url = '';
  private procs: ChildProcess[] = [];
  private smtp?: SMTPServer;
  private dbUrl = '';
  private logs = '';
  env: Record<string, string> = {};

  async start() {
    const dbName = `mashrou_e2e_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
    const u = new URL(PG_BASE);
    u.pathname = `/${dbName}`;
    this.dbUrl = u.toString();

    const smtpPort = await freePort();
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _s, cb) => {
        simpleParser(stream).then((m) => {
          this.mail.push(m);
          cb();
        }, cb);
      },
    });
    this.smtp = smtp;
    await new Promise<void>((r) => {
      smtp.listen(smtpPort, '127.0.0.1', r);
    });

    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    this.env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATABASE_URL: this.dbUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      WEB_ORIGIN: this.url,
      QUEUE_PREFIX: `e2e${randomBytes(4).toString('hex')}`,
      SERVE_WEB_DIR: `${ROOT}/frontend/dist`,
      STORAGE_DIR: `${tmpdir()}/mashrou-e2e-files-${dbName}`,
      OUTBOX_POLL_MS: '300',
      JOB_BACKOFF_MS: '200',
      PROJECTS_PER_COMPANY_PER_HOUR: '1000',
      PENDING_PROJECTS_PER_COMPANY: '1000',
    };
    const migrate = spawnSync(process.execPath, ['backend/dist/cli/migrate.js'], { cwd: ROOT, env: this.env, encoding: 'utf8' });
    if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr}`);
    this.spawn('backend/dist/worker.js');
    this.spawn('backend/dist/main.js');
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return this;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`api did not start:\n${this.logs}`);
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

  /** A verified, onboarded account made through the real sign-up endpoint. */
  async createUser(userType: 'student' | 'startup', email: string, fullName: string, password = 'secret-pass-1') {
    const res = await fetch(`${this.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'mashrou' },
      body: JSON.stringify({
        userType,
        email,
        password,
        fullName,
        ...(userType === 'startup' ? { companyName: `${fullName} Co` } : {}),
      }),
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    await this.sql(`update users set email_verified_at = now(), onboarding_complete = true where email = $1`, [email]);
    return { email, password };
  }

  /** An open project of the company with this email, straight in the database (remote, as listed); its id. */
  async openProject(
    companyEmail: string,
    p: { companyName: string; title: string; description: string; skill: string; weeks: number; hours: number },
  ) {
    const [row] = await this.sql<{ id: string }>(
      `insert into projects (id, company_id, company_name, title, description, skills, duration_weeks, weekly_hours, work_mode, status)
       select gen_random_uuid(), id, $2, $3, $4, array[$5], $6, $7, 'remote', 'open' from users where email = $1
       returning id`,
      [companyEmail, p.companyName, p.title, p.description, p.skill, p.weeks, p.hours],
    );
    if (!row) throw new Error(`no company ${companyEmail}`);
    return row.id;
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
  async waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...this.mail]
        .reverse()
        .find((m) => (m.to as { text: string } | undefined)?.text === to && subject.test(m.subject ?? ''));
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no email to ${to} matching ${subject}; got: ${this.mail.map((m) => m.subject).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
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
    await new Promise<void>((r) => {
      if (this.smtp) this.smtp.close(r);
      else r();
    });
    if (this.env.STORAGE_DIR) await rm(this.env.STORAGE_DIR, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`drop database if exists "${new URL(this.dbUrl).pathname.slice(1)}" with (force)`);
    await admin.end();
  }
}
