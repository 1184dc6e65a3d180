// `npm run bench`: autocannon against the api for browse, search, project page, my applications,
// an accepted application's workspace (10 milestones, each handed in), AI Recruitment's ranking and apply — each side by side, in the same run, with the baseline
// (bench/baseline.mjs: the same SQL on a bare Fastify handler over pg) — at 10k and 100k projects.
// Traffic comes from BENCH_STUDENTS students at once (each request signed in as the next one), on
// BENCH_PROJECTS different project pages. Prints req/s, p50/p99 latency and the api/baseline ratio.
// Only 127.0.0.1; bounded in time; stops by itself.
//
//   BENCH_SIZES=10000,100000   projects in the seeded databases
//   BENCH_CONNECTIONS=20       concurrent connections (the admin ranking uses BENCH_RANK_CONNECTIONS)
//   BENCH_SECONDS=5            per run
//   BENCH_ONLY=browse,apply    only these scenarios
//   BENCH_PROFILE=dir          the api runs with --cpu-prof, profiles written to dir
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import argon2 from 'argon2';
import autocannon from 'autocannon';
import pg from 'pg';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const PG = process.env.BENCH_PG ?? 'postgresql://postgres@127.0.0.1:5432';
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const RANK_CONNECTIONS = Number(process.env.BENCH_RANK_CONNECTIONS ?? 10);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100);
const PAGES = Number(process.env.BENCH_PROJECTS ?? 1000);
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : undefined;
const PROFILE = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : undefined;
const wanted = (name) => !ONLY || ONLY.has(name) || ONLY.has(name.split(' ')[0]);
// The api runs in production mode, which refuses to start while accounts open with the public demo
// password: the seeded accounts of a bench database get this one instead.
const PASSWORD = 'mashrou-bench-only';
const sha256 = (s) => createHash('sha256').update(s).digest('hex');

const sql = async (db, text, params = []) => {
  const c = new pg.Client({ connectionString: `${PG}/${db}` });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
};

async function ensureSeeded(size) {
  const db = `mashrou_bench_${size}`;
  const env = { ...process.env, DATABASE_URL: `${PG}/${db}`, LOG_LEVEL: 'warn' };
  const run = (args) => {
    const r = spawnSync(process.execPath, args, { cwd: HERE, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
  };
  const have = await sql('postgres', 'select 1 from pg_database where datname = $1', [db]);
  if (have.length) {
    const [{ n }] = await sql(db, 'select count(*)::int as n from projects').catch(() => [{ n: 0 }]);
    if (n >= size) {
      run(['dist/cli/migrate.js']); // a kept database gets the migrations added since it was seeded
      return { db, env };
    }
    await sql('postgres', `drop database "${db}" with (force)`);
  }
  console.log(`bench: seeding ${db} (${size} projects)…`);
  run(['dist/cli/migrate.js']);
  run(['dist/cli/seed.js', '--projects', String(size), '--students', String(size / 5), '--applications', String(size * 5)]);
  return { db, env };
}

/** Starts a server and waits until `readyPath` answers. */
async function start(script, env, port, readyPath, nodeArgs = []) {
  const busy = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${port} is already in use: stop what runs there first`);
  const p = spawn(process.execPath, [...nodeArgs, script], {
    cwd: HERE,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  p.stdout.on('data', (c) => (out += c));
  p.stderr.on('data', (c) => (out += c));
  for (let i = 0; i < 150; i++) {
    try {
      if (p.exitCode !== null) break;
      if ((await fetch(`http://127.0.0.1:${port}${readyPath}`)).status < 500) return p;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  p.kill('SIGKILL');
  throw new Error(`${script} did not start:\n${out}`);
}

const stop = (p) => new Promise((r) => (p.exitCode !== null ? r() : (p.once('exit', r), p.kill('SIGTERM'))));

// Requests per second over the run: from its start to its last answer (autocannon notices that a run
// of a fixed number of requests is over only on its next one-second tick, and its per-second average
// undercounts short runs).
function cannon(opts) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let last = started;
    const instance = autocannon(
      { connections: CONNECTIONS, ...(opts.amount ? {} : { duration: DURATION }), ...opts },
      (err, res) => (err ? reject(err) : resolve({ ...res, rps: res.requests.total / ((last - started) / 1000) })),
    );
    instance.on('response', () => {
      last = performance.now();
    });
  });
}

/**
 * A steady-state run: one set of connections that first answers `warm` requests (every variant once)
 * and has each connection answered at least once, unmeasured, then is measured for DURATION seconds.
 * Connections opened all at once on a busy server wait their turn in line: with 100 new ones, the
 * first requests of about half of them took 0.3–1.3 s, one after another, on the api, the baseline
 * and a bare node:http server alike, and they alone made a 10-second run's p99 (1 % of its requests).
 * Clients that stay connected (browsers, a load balancer's pool) do not pay that on each request.
 */
function steady(opts, warm) {
  return new Promise((resolve, reject) => {
    const seen = new Set();
    const latencies = [];
    let answered = 0;
    let errors = 0;
    let from;
    let to;
    const instance = autocannon({ connections: CONNECTIONS, duration: 600, ...opts }, (err) => {
      if (err) return reject(err);
      latencies.sort((a, b) => a - b);
      const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
      resolve({
        rps: Math.round(latencies.length / ((to - from) / 1000)),
        p50: Math.round(at(0.5)),
        p99: Math.round(at(0.99)),
        errors,
      });
    });
    const measuring = () => from !== undefined && performance.now() < from + DURATION * 1000;
    instance.on('response', (client, status, bytes, ms) => {
      answered += 1;
      if (measuring()) {
        latencies.push(ms);
        to = performance.now();
        if (status < 200 || status > 299) errors += 1;
      } else if (from === undefined) {
        seen.add(client);
        if (answered >= warm && seen.size >= CONNECTIONS) from = performance.now();
      } else instance.stop();
    });
    instance.on('reqError', () => {
      if (measuring()) errors += 1;
    });
  });
}

/** Requests that take turns: each one is the next of `variants` (a path and headers). */
const rotating = (variants, extra = {}) => {
  let i = 0;
  return [{ ...extra, setupRequest: (req) => ({ ...req, ...variants[i++ % variants.length] }) }];
};

const fmt = (r) => ({
  rps: Math.round(r.rps),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.non2xx + r.errors,
});

async function benchSize(size) {
  const { db, env } = await ensureSeeded(size);
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  await sql(db, `update users set password_hash = $1 where email like '%mashrou.local'`, [hash]);
  // Signed-in students: a session each, made here (signing 100 students in would only measure argon2).
  const students = await sql(
    db,
    `select id from users where user_type = 'student' and email_verified_at is not null and active order by email limit $1`,
    [STUDENTS],
  );
  const [admin] = await sql(db, `select id from users where email = 'admin@mashrou.local'`);
  const sessionHashes = [];
  const cookieOf = async (userId) => {
    const token = randomBytes(32).toString('base64url');
    sessionHashes.push(sha256(token));
    await sql(
      db,
      `insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values ($1, $2, now(), now(), now() + interval '1 day')`,
      [sha256(token), userId],
    );
    return `mashrou_session=${token}`;
  };
  const cookies = [];
  for (const s of students) cookies.push(await cookieOf(s.id));
  const adminCookie = await cookieOf(admin.id);
  const ids = students.map((s) => s.id);
  // Open projects none of these students applied to: apply takes them in turn (one per request).
  const projects = (
    await sql(
      db,
      `select id from projects p where status = 'open' and (deadline is null or deadline >= current_date)
      and not exists (select 1 from applications a where a.project_id = p.id and a.student_id = any($1::uuid[])) order by created_at desc limit 5000`,
      [ids],
    )
  ).map((r) => r.id);
  const pages = projects.slice(0, PAGES);
  // Workspaces under way: for each of up to 20 students, an accepted application (to a closed project,
  // out of apply's way) with 10 milestones, each handed in once. Made again on each run.
  await sql(db, `delete from applications where motivation = 'Benchmark workspace'`);
  const closed = (await sql(db, `select id, title from projects where status = 'closed' order by id limit 20`)).slice(
    0,
    Math.min(20, ids.length),
  );
  const workspaces = [];
  for (const [i, p] of closed.entries()) {
    const [app] = await sql(
      db,
      `insert into applications (id, project_id, student_id, project_title, motivation, status)
       values (gen_random_uuid(), $1, $2, $3, 'Benchmark workspace', 'accepted') returning id`,
      [p.id, ids[i], p.title],
    );
    await sql(
      db,
      `with m as (
         insert into milestones (id, application_id, title, expectations, due_on, status)
         select gen_random_uuid(), $1, 'Milestone ' || n, 'What is expected of milestone ' || n, current_date + n, 'submitted'
           from generate_series(1, 10) n returning id)
       insert into deliverables (id, milestone_id, body, links) select gen_random_uuid(), m.id, 'Handed in.', '{https://example.com/work}' from m`,
      [app.id],
    );
    workspaces.push(app.id);
  }
  // The set-up above rewrote every seeded account's password hash and added sessions: vacuumed and
  // checkpointed now, so the first side measured does not share the machine with autovacuum or a
  // checkpoint the set-up caused.
  await sql(db, 'vacuum analyze');
  await sql(db, 'checkpoint');

  const apiEnv = {
    ...env,
    QUEUE_PREFIX: 'bench',
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret!',
    DEV_TOOLS: 'false',
  };
  const api = await start(
    'dist/main.js',
    apiEnv,
    3901,
    '/api/health/ready',
    PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [],
  );
  const base = await start('bench/baseline.mjs', env, 3902, '/my-applications');
  const rows = [];
  const json = { 'content-type': 'application/json' };
  const apiAs = (i) => ({ cookie: cookies[i % cookies.length], 'x-requested-with': 'mashrou', ...json });
  const baseAs = (i) => ({ 'x-student': ids[i % ids.length], ...json });
  const each = (fn) => Array.from({ length: Math.max(STUDENTS, PAGES) }, (_, i) => fn(i));
  try {
    const scenarios = [
      ['browse', (i) => ['/api/marketplace/projects', '/browse', i]],
      ['search', (i) => ['/api/marketplace/projects?q=research&skill=Excel', '/search?q=research&skill=Excel', i]],
      ['project page', (i) => [`/api/marketplace/projects/${pages[i % pages.length]}`, `/project/${pages[i % pages.length]}`, i]],
      ['my applications', (i) => ['/api/applications/mine', '/my-applications', i]],
      // Student j reads their own workspace (cookie j, application j).
      [
        'workspace',
        (i) => {
          const j = i % workspaces.length;
          return [`/api/applications/${workspaces[j]}/workspace`, `/workspace/${workspaces[j]}`, j];
        },
      ],
    ];
    for (const [name, of] of scenarios) {
      if (!wanted(name)) continue;
      const variants = each(of);
      // Each side first answers every variant once on the connections it is then measured on (not
      // measured): the runs compare steady states, as in production, where connections are open and
      // the api's per-company caches (10 min) and PostgreSQL's buffers are warm — not the first 10 s
      // after a start, when 1,000 project pages mean 1,000 cold companies (see steady()).
      const run = (url, requests) => steady({ url, requests }, variants.length);
      const a = await run('http://127.0.0.1:3901', rotating(variants.map(([path, , i]) => ({ path, headers: apiAs(i) }))));
      const b = await run('http://127.0.0.1:3902', rotating(variants.map(([, path, i]) => ({ path, headers: baseAs(i) }))));
      rows.push({ size, name, a, b });
    }
    // AI Recruitment ranks every student for one open project, as an admin: an admin's tool, run by a few at once.
    if (wanted('rank students (admin)')) {
      const project = pages[0];
      const a = fmt(
        await cannon({
          url: `http://127.0.0.1:3901/api/admin/recruitment/projects/${project}/candidates`,
          connections: RANK_CONNECTIONS,
          headers: { cookie: adminCookie, 'x-requested-with': 'mashrou' },
        }),
      );
      const b = fmt(await cannon({ url: `http://127.0.0.1:3902/candidates/${project}`, connections: RANK_CONNECTIONS }));
      rows.push({ size, name: 'rank students (admin)', a, b, connections: RANK_CONNECTIONS });
    }
    // apply: BENCH_STUDENTS students apply at once, each request to a project its student has not applied to;
    // the new applications are removed between runs.
    if (wanted('apply')) {
      const motivation = JSON.stringify({ motivation: 'Benchmark application: I would like to join this project.' });
      const amount = Math.min(projects.length, 5000);
      // Request n: student n % S to project n — every request a different project, as when many students apply.
      const applyVariants = (pathOf, headersOf) =>
        Array.from({ length: amount }, (_, n) => ({
          method: 'POST',
          path: pathOf(projects[n]),
          headers: headersOf(n),
          body: motivation,
        }));
      // Each side starts from the same disk state: the runs before it (the seed, the other side's
      // applications) are vacuumed away and checkpointed, so neither side's commits wait on a
      // checkpoint the other caused, or step over the other's dead index entries.
      const settle = async () => {
        await sql(db, `delete from applications where motivation like 'Benchmark application%'`);
        await sql(db, `delete from outbox_events`);
        await sql(db, `vacuum analyze applications, outbox_events`);
        await sql(db, `checkpoint`);
      };
      const applyRun = async (port, variants) => {
        await settle();
        const res = await cannon({ url: `http://127.0.0.1:${port}`, amount, requests: rotating(variants) });
        return fmt(res);
      };
      rows.push({
        size,
        name: 'apply',
        a: await applyRun(
          3901,
          applyVariants((id) => `/api/marketplace/projects/${id}/apply`, apiAs),
        ),
        b: await applyRun(
          3902,
          applyVariants((id) => `/apply/${id}`, baseAs),
        ),
      });
      await settle();
    }
    await sql(db, `delete from outbox_events`);
    await sql(db, `delete from applications where motivation = 'Benchmark workspace'`);
    return rows;
  } finally {
    await stop(api);
    await stop(base);
    await sql(db, `delete from sessions where id_hash = any($1::text[])`, [sessionHashes]);
  }
}

const all = [];
for (const size of SIZES) all.push(...(await benchSize(size)));
console.log(
  `\nMachine: ${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ` +
    `${CONNECTIONS} connections (the admin ranking: ${RANK_CONNECTIONS}), ${DURATION} s per run, ${STUDENTS} students ` +
    `signed in, ${PAGES} project pages (apply: up to 5,000 requests)\n`,
);
console.log(
  '| projects | scenario | api req/s | api p50 / p99 ms | baseline req/s | baseline p50 / p99 ms | api / baseline | errors (api, base) |',
);
console.log('|---:|---|---:|---:|---:|---:|---:|---|');
for (const { size, name, a, b } of all) {
  console.log(
    `| ${size.toLocaleString('en')} | ${name} | ${a.rps} | ${a.p50} / ${a.p99} | ${b.rps} | ${b.p50} / ${b.p99} | ${(a.rps / b.rps).toFixed(2)} | ${a.errors}, ${b.errors} |`,
  );
}
