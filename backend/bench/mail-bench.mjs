// `npm run bench:mail` (after `npm run build`): the mail pipeline of the production build, into a
// counting SMTP sink on 127.0.0.1. Three figures:
//   a. one worker (dist/worker.js) draining a full queue of N mail jobs → mails/s per worker;
//   b. end to end: 1,000 api calls (a company moves 1,000 applications, each of a different student)
//      → api, outbox, relay, queue, render, SMTP → mails/s from the first call to the last mail;
//   c. idle latency: single status changes with pauses; api answer (the commit) → SMTP receipt.
// Its own scratch database (dropped and made again), its own Redis key prefix; recipients are all
// distinct, so the per-mailbox hourly cap holds as in production and never limits the run.
// Only 127.0.0.1; bounded in time; stops what it started.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import argon2 from 'argon2';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../dist/config/config.js';
import { jobOptions } from '../dist/queues/queues.js';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const env_ = process.env;
const PG = env_.BENCH_PG ?? 'postgresql://postgres@127.0.0.1:5432';
const DB = env_.BENCH_MAIL_DB ?? 'mashrou_bench_mail';
const REDIS_URL = env_.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const PREFIX = env_.BENCH_QUEUE_PREFIX ?? 'bench-mail';
const JOBS = Number(env_.BENCH_MAIL_JOBS ?? 5000);
const CALLS = Number(env_.BENCH_MAIL_CALLS ?? 1000);
const IDLE = Number(env_.BENCH_MAIL_IDLE ?? 50);
const IDLE_PAUSE_MS = Number(env_.BENCH_MAIL_IDLE_PAUSE_MS ?? 300);
const CLIENTS = Number(env_.BENCH_MAIL_CLIENTS ?? 20);
const API_PORT = Number(env_.BENCH_API_PORT ?? 4210);
const SMTP_PORT = Number(env_.BENCH_SMTP_PORT ?? 4211);
const PROFILE_DIR = env_.BENCH_MAIL_PROFILE; // set: the worker of (a) runs with --cpu-prof into this folder
const ONLY = new Set((env_.BENCH_MAIL_ONLY ?? 'a,b,c').split(','));
const LOG_DIR = env_.BENCH_MAIL_LOGS ?? '/tmp';
const TIMEOUT_MS = Number(env_.BENCH_MAIL_TIMEOUT_MS ?? 180_000);
// (a)'s applications are spread over these companies (each with one open project)
const COMPANIES = Math.max(50, Math.ceil(JOBS / 5 / 25));
const PASSWORD = 'mashrou-bench-only-password';
const DOMAIN = 'bench-mail.example';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const DATABASE_URL = `${PG}/${DB}`;
const ENV = {
  ...process.env,
  NODE_ENV: 'production',
  APP_SECRET: randomBytes(36).toString('base64'),
  DATABASE_URL,
  REDIS_URL,
  QUEUE_PREFIX: PREFIX,
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  DEV_TOOLS: 'false',
  HOST: '127.0.0.1',
  PORT: String(API_PORT),
  OUTBOX_POLL_MS: env_.OUTBOX_POLL_MS ?? '5000',
};

async function sql(db, text, params = []) {
  const c = new pg.Client({ connectionString: `${PG}/${db}` });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}

async function cleanRedis() {
  const r = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await r.scan(cursor, 'MATCH', `${PREFIX}:*`, 'COUNT', 1000);
    if (keys.length) await r.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  r.disconnect();
}

/** A fresh database: migrated, with companies, projects, students and their applications. */
async function prepareDatabase() {
  await sql('postgres', `drop database if exists "${DB}" with (force)`);
  const r = spawnSync(process.execPath, ['dist/cli/migrate.js'], {
    cwd: HERE,
    env: { ...ENV, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`migrate failed:\n${r.stderr}`);
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    // companies 0..COMPANIES-1 for (a), company "api" for (b) and (c); one open project each
    await c.query(
      `insert into users (id, email, email_normalized, password_hash, full_name, company_name, user_type, email_verified_at, onboarding_complete)
       select gen_random_uuid(), e, e, $1, 'Founder ' || g, 'Bench Labs ' || g, 'startup', now(), true
         from generate_series(0, $2) g, lateral (select case when g = $2 then 'company-api@${DOMAIN}' else 'company' || g || '@${DOMAIN}' end as e) x`,
      [hash, COMPANIES],
    );
    await c.query(
      `insert into projects (id, company_id, company_name, title, description, requirements, skills, responsibilities, qualifications,
                             duration_weeks, weekly_hours, work_mode, start_date, paid, status)
       select gen_random_uuid(), id, company_name, 'Market research & "growth" for ' || company_name, 'A bench project.',
              array['Curiosity'], array['Excel'], array['Deliver'], '{}', 8, 10, 'remote', current_date + 30, false, 'open'
         from users where user_type = 'startup'`,
    );
    // students 0..JOBS-1 for (a); JOBS..JOBS+CALLS+IDLE-1 for (b) and (c). Names carry characters that need escaping.
    await c.query(
      `insert into users (id, email, email_normalized, password_hash, full_name, user_type, email_verified_at, onboarding_complete)
       select gen_random_uuid(), 'student' || g || '@${DOMAIN}', 'student' || g || '@${DOMAIN}', $1,
              case when g % 7 = 0 then 'Layla <b>O''Hara</b> & Co ' || g else 'Student ' || g end, 'student', now(), true
         from generate_series(0, $2 - 1) g`,
      [hash, JOBS + CALLS + IDLE],
    );
    // (a): application i goes to company i % COMPANIES, already moved (statuses and notes vary)
    await c.query(
      `insert into applications (id, project_id, student_id, project_title, motivation, status, notes, created_at, updated_at)
       select gen_random_uuid(), p.id, s.id, p.title, 'I would love to work on this.',
              (array['under_review','shortlisted','accepted','rejected'])[1 + n % 4],
              case when n % 2 = 0 then 'Thanks — we will call you <soon> & follow up.' end, now(), now()
         from (select id, substring(email from 'student([0-9]+)@')::int as n from users where email ~ '^student[0-9]+@') s
         join (select p.id, p.title, row_number() over (order by u.email) - 1 as k from projects p join users u on u.id = p.company_id
                where u.email <> 'company-api@${DOMAIN}') p on p.k = s.n % $2
        where s.n < $1`,
      [JOBS, COMPANIES],
    );
    // (b) and (c): submitted applications to the api company's project
    await c.query(
      `insert into applications (id, project_id, student_id, project_title, motivation, status, created_at, updated_at)
       select gen_random_uuid(), p.id, s.id, p.title, 'I would love to work on this.', 'submitted', now(), now()
         from users s, projects p join users u on u.id = p.company_id and u.email = 'company-api@${DOMAIN}'
        where s.email ~ '^student[0-9]+@' and substring(s.email from 'student([0-9]+)@')::int >= $1`,
      [JOBS],
    );
    await c.query('analyze');
  } finally {
    await c.end();
  }
}

/** Accepts every message and remembers when each recipient's arrived; parses nothing. */
function startSink() {
  const sink = { count: 0, times: [], byRcpt: new Map(), waiters: [] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 1000,
    onData(stream, session, callback) {
      stream.on('end', () => {
        const now = performance.now();
        sink.count += 1;
        sink.times.push(now);
        for (const r of session.envelope.rcptTo) sink.byRcpt.set(r.address, now);
        for (const w of sink.waiters.splice(0)) w();
        callback();
      });
      stream.resume();
    },
  });
  sink.reset = () => {
    sink.count = 0;
    sink.times = [];
    sink.byRcpt.clear();
  };
  /** Resolves when `test()` holds (checked on every arrival), rejects after TIMEOUT_MS. */
  sink.until = (test, what) =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        if (test()) return resolve();
        if (Date.now() - started > TIMEOUT_MS) return reject(new Error(`timed out waiting for ${what} (have ${sink.count})`));
        sink.waiters.push(check);
        setTimeout(() => {
          const i = sink.waiters.indexOf(check);
          if (i >= 0) sink.waiters.splice(i, 1)[0]();
        }, 500);
      };
      check();
    });
  sink.close = () => new Promise((r) => server.close(r));
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve(sink));
  });
}

/** Starts a production process; resolves once `ready(output)` holds. Its output goes to a log file. */
async function startProcess(name, script, extraEnv = {}, nodeArgs = []) {
  mkdirSync(LOG_DIR, { recursive: true });
  const logPath = `${LOG_DIR}/bench-mail-${name}.log`;
  const log = createWriteStream(logPath);
  const p = spawn(process.execPath, [...nodeArgs, script], {
    cwd: HERE,
    env: { ...ENV, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      log.write(chunk);
      if (seen !== null) {
        seen = (seen + chunk.toString()).slice(-20_000);
        if (/worker started|listening|Nest application successfully started/.test(seen)) {
          seen = null;
          resolve();
        }
      }
    };
    p.stdout.on('data', onData);
    p.stderr.on('data', onData);
    p.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready; see ${logPath}`)));
    setTimeout(() => reject(new Error(`${name} not ready after 60 s; see ${logPath}`)), 60_000).unref();
  });
  p.logPath = logPath;
  p.ready = ready;
  return p;
}

const stop = (p) =>
  new Promise((resolve) => {
    if (!p || p.exitCode !== null) return resolve();
    p.once('exit', resolve);
    p.kill('SIGTERM');
  });

async function waitForApi() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${API_PORT}/api/health/ready`)).status === 200) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error('api did not answer /api/health/ready');
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
const cpuSeconds = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
};

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

/** (a): JOBS jobs, exactly as the relay adds them, then one worker drains them. */
async function benchWorker(sink) {
  const config = loadConfig(ENV);
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue('notifications', {
    connection,
    prefix: PREFIX,
    defaultJobOptions: jobOptions(config, 'notifications'),
  });
  const apps = await sql(
    DB,
    `select a.id, substring(u.email from 'student([0-9]+)@')::int as n from applications a join users u on u.id = a.student_id
      where a.status <> 'submitted' order by n`,
  );
  if (apps.length !== JOBS) throw new Error(`expected ${JOBS} applications, found ${apps.length}`);
  const jobs = apps.map((a) => {
    // each: the student hears of a status change (a company's new-applicant mails are grouped per
    // window since issue 31, so most ApplicationSubmitted jobs send no mail of their own)
    const name = 'ApplicationStatusChanged';
    const handler = 'emailStudent';
    const id = randomUUID();
    const event = { id, name, payload: { applicationId: a.id }, occurredAt: new Date().toISOString() };
    return { name: handler, data: { event, handler }, opts: { jobId: `${id}.${handler}` } };
  });
  for (let i = 0; i < jobs.length; i += 500) await queue.addBulk(jobs.slice(i, i + 500));
  console.log(`bench:mail (a): ${JOBS} jobs waiting; starting one worker`);
  sink.reset();
  const t0 = performance.now();
  const nodeArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const worker = await startProcess('worker-a', 'dist/worker.js', {}, nodeArgs);
  try {
    await worker.ready;
    const tReady = performance.now();
    const cpuReady = cpuSeconds(worker.pid);
    await sink.until(() => sink.count >= JOBS, `${JOBS} mails`);
    const first = sink.times[0];
    const last = sink.times[JOBS - 1];
    const cpuMs = ((cpuSeconds(worker.pid) - cpuReady) * 1000) / JOBS;
    // the last jobs are marked completed just after their mail is recorded
    let counts = await queue.getJobCounts('completed', 'failed', 'waiting', 'active', 'delayed');
    for (let i = 0; i < 50 && counts.completed + counts.failed < JOBS; i++) {
      await sleep(100);
      counts = await queue.getJobCounts('completed', 'failed', 'waiting', 'active', 'delayed');
    }
    const [{ n: recorded }] = await sql(DB, `select count(*)::int as n from email_deliveries`);
    return {
      steady: (JOBS - 1) / ((last - first) / 1000),
      wall: JOBS / ((last - t0) / 1000),
      bootS: (tReady - t0) / 1000,
      drainS: (last - first) / 1000,
      counts,
      recorded,
      cpuMs,
    };
  } finally {
    await stop(worker);
    await queue.close();
    connection.disconnect();
  }
}

async function signIn() {
  const res = await fetch(`http://127.0.0.1:${API_PORT}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'mashrou' },
    body: JSON.stringify({ email: `company-api@${DOMAIN}`, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, 'x-requested-with': 'mashrou', 'content-type': 'application/json' };
}

async function moveApplication(headers, id, i) {
  const res = await fetch(`http://127.0.0.1:${API_PORT}/api/applications/${id}/status`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ status: 'under_review', notes: i % 2 ? `We are reading it <now> & will answer (#${i}).` : undefined }),
  });
  if (res.status !== 200) throw new Error(`status change: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

/** (b) and (c), with the api and one worker running. */
async function benchEndToEnd(sink) {
  const apps = await sql(
    DB,
    `select a.id, u.email from applications a join users u on u.id = a.student_id where a.status = 'submitted'
      order by substring(u.email from 'student([0-9]+)@')::int`,
  );
  const forCalls = apps.slice(0, ONLY.has('b') ? CALLS : 0);
  const forIdle = apps.slice(CALLS, CALLS + IDLE);
  const api = await startProcess('api', 'dist/main.js');
  api.ready.catch(() => undefined); // readiness is /api/health/ready
  const worker = await startProcess('worker-bc', 'dist/worker.js');
  const out = {};
  try {
    await Promise.all([waitForApi(), worker.ready]);
    const headers = await signIn();
    if (forCalls.length) {
      sink.reset();
      const t0 = performance.now();
      let next = 0;
      let tCalls = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < forCalls.length) {
            const i = next++;
            await moveApplication(headers, forCalls[i].id, i);
          }
        }),
      ).then(() => (tCalls = performance.now()));
      await sink.until(() => sink.count >= forCalls.length, `${forCalls.length} mails`);
      const last = sink.times[forCalls.length - 1];
      out.e2e = { rate: forCalls.length / ((last - t0) / 1000), callsS: (tCalls - t0) / 1000, totalS: (last - t0) / 1000 };
    }
    if (ONLY.has('c') && forIdle.length) {
      await sleep(1000);
      const lat = [];
      for (let i = 0; i < forIdle.length; i++) {
        const { id, email } = forIdle[i];
        await moveApplication(headers, id, i);
        const tCommit = performance.now();
        await sink.until(() => sink.byRcpt.has(email), `the mail to ${email}`);
        lat.push(sink.byRcpt.get(email) - tCommit);
        await sleep(IDLE_PAUSE_MS);
      }
      out.idle = { p50: pct(lat, 50), p95: pct(lat, 95), max: Math.max(...lat) };
    }
    return out;
  } finally {
    await stop(worker);
    await stop(api);
  }
}

const sink = await startSink();
let a, bc;
try {
  console.log(`bench:mail: preparing ${DB} (${JOBS + CALLS + IDLE} students)…`);
  await cleanRedis();
  await prepareDatabase();
  if (ONLY.has('a')) a = await benchWorker(sink);
  if (ONLY.has('b') || ONLY.has('c')) bc = await benchEndToEnd(sink);
} finally {
  await sink.close();
  await cleanRedis().catch(() => undefined);
}

const conc = env_.WORKER_CONCURRENCY ? `WORKER_CONCURRENCY=${env_.WORKER_CONCURRENCY}` : 'WORKER_CONCURRENCY default';
console.log(
  `\nMachine: ${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ` +
    `${new Date().toISOString().slice(0, 10)}; ${conc}; NODE_ENV=production, LOG_LEVEL ${env_.LOG_LEVEL ?? 'info'}; ` +
    `one worker; counting SMTP sink on 127.0.0.1${PROFILE_DIR ? '; worker (a) under --cpu-prof' : ''}\n`,
);
console.log('| figure | result | detail |');
console.log('|---|---:|---|');
if (a) {
  console.log(
    `| a. one worker, full queue of ${JOBS} mail jobs | **${a.steady.toFixed(0)} mails/s** | first→last mail ${a.drainS.toFixed(2)} s; ` +
      `${a.wall.toFixed(0)} mails/s counting the worker's boot (${a.bootS.toFixed(1)} s); worker CPU ${a.cpuMs.toFixed(2)} ms/mail; jobs completed ${a.counts.completed}, ` +
      `failed ${a.counts.failed}; delivery records ${a.recorded} |`,
  );
}
if (bc?.e2e) {
  console.log(
    `| b. end to end, ${CALLS} api calls (${CLIENTS} clients) | **${bc.e2e.rate.toFixed(0)} mails/s** | first call → ${CALLS}th mail ` +
      `${bc.e2e.totalS.toFixed(2)} s; the calls alone took ${bc.e2e.callsS.toFixed(2)} s |`,
  );
}
if (bc?.idle) {
  console.log(
    `| c. idle, ${IDLE} single events, ${IDLE_PAUSE_MS} ms apart | **p50 ${bc.idle.p50.toFixed(1)} ms, p95 ${bc.idle.p95.toFixed(1)} ms** | ` +
      `api answer (after commit) → SMTP receipt; max ${bc.idle.max.toFixed(1)} ms |`,
  );
}
