// `npm run bench`: autocannon against the running api for browse, search, project page, my
// applications and apply — each side by side, in the same run, with the baseline (bench/baseline.mjs:
// the same SQL on a bare Fastify handler over pg) — at 10k and 100k projects. Prints req/s, p50/p99
// latency and the api/baseline ratio. Only 127.0.0.1; bounded in time; stops by itself.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpus, totalmem } from 'node:os';
import argon2 from 'argon2';
import autocannon from 'autocannon';
import pg from 'pg';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const PG = process.env.BENCH_PG ?? 'postgresql://postgres@127.0.0.1:5432';
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
// The api runs in production mode, which refuses to start while accounts open with the public demo
// password: the seeded accounts of a bench database get this one instead.
const PASSWORD = 'mashrou-bench-only';

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
async function start(script, env, port, readyPath) {
  const busy = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${port} is already in use: stop what runs there first`);
  const p = spawn(process.execPath, [script], {
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

function cannon(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, ...(opts.amount ? {} : { duration: DURATION }), ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );
}

const fmt = (r) => ({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors });

async function benchSize(size) {
  const { db, env } = await ensureSeeded(size);
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  await sql(db, `update users set password_hash = $1 where email like '%mashrou.local'`, [hash]);
  const [student] = await sql(db, `select id, email from users where email = 'student7@seed.mashrou.local'`);
  const projects = (
    await sql(
      db,
      `select id from projects p where status = 'open' and (deadline is null or deadline >= current_date)
      and not exists (select 1 from applications a where a.project_id = p.id and a.student_id = $1) order by created_at desc limit 5000`,
      [student.id],
    )
  ).map((r) => r.id);
  const project = projects[0];

  const api = await start(
    'dist/main.js',
    {
      ...env,
      QUEUE_PREFIX: 'bench',
      NODE_ENV: 'production',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret!',
      DEV_TOOLS: 'false',
    },
    3901,
    '/api/health',
  );
  const base = await start('bench/baseline.mjs', env, 3902, '/my-applications');
  try {
    const signin = await fetch('http://127.0.0.1:3901/api/auth/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: student.email, password: PASSWORD }),
    });
    const cookie = signin.headers.get('set-cookie').split(';')[0];
    const apiHeaders = { cookie, 'x-requested-with': 'mashrou', 'content-type': 'application/json' };
    const baseHeaders = { 'x-student': student.id, 'content-type': 'application/json' };
    const motivation = JSON.stringify({ motivation: 'Benchmark application: I would like to join this project.' });

    const scenarios = [
      ['browse', '/api/marketplace/projects', '/browse'],
      ['search', '/api/marketplace/projects?q=research&skill=Excel', '/search?q=research&skill=Excel'],
      ['project page', `/api/marketplace/projects/${project}`, `/project/${project}`],
      ['my applications', '/api/applications/mine', '/my-applications'],
    ];
    const rows = [];
    // AI Recruitment ranks every student for one open project, as an admin.
    const adminSignin = await fetch('http://127.0.0.1:3901/api/auth/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@mashrou.local', password: PASSWORD }),
    });
    const adminHeaders = { cookie: adminSignin.headers.get('set-cookie').split(';')[0], 'x-requested-with': 'mashrou' };
    scenarios.push([
      'rank students (admin)',
      `/api/admin/recruitment/projects/${project}/candidates`,
      `/candidates/${project}`,
      adminHeaders,
    ]);
    for (const [name, apiPath, basePath, headers = apiHeaders] of scenarios) {
      const a = fmt(await cannon({ url: `http://127.0.0.1:3901${apiPath}`, headers }));
      const b = fmt(await cannon({ url: `http://127.0.0.1:3902${basePath}`, headers: baseHeaders }));
      rows.push({ size, name, a, b });
    }
    // apply: each request applies to a different open project; the student's new applications are removed between runs
    const applyRun = async (port, pathOf, headers) => {
      let i = 0;
      const res = await cannon({
        url: `http://127.0.0.1:${port}`,
        amount: Math.min(projects.length, 2500),
        requests: [
          {
            method: 'POST',
            headers,
            body: motivation,
            setupRequest: (req) => ({ ...req, path: pathOf(projects[i++ % projects.length]) }),
          },
        ],
      });
      await sql(db, `delete from applications where student_id = $1 and motivation like 'Benchmark application%'`, [student.id]);
      return fmt(res);
    };
    rows.push({
      size,
      name: 'apply',
      a: await applyRun(3901, (id) => `/api/marketplace/projects/${id}/apply`, apiHeaders),
      b: await applyRun(3902, (id) => `/apply/${id}`, baseHeaders),
    });
    await sql(db, `delete from outbox_events`);
    return rows;
  } finally {
    await stop(api);
    await stop(base);
  }
}

const all = [];
for (const size of SIZES) all.push(...(await benchSize(size)));
console.log(
  `\nMachine: ${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ` +
    `${CONNECTIONS} connections, ${DURATION} s per run (apply: up to 2,500 requests)\n`,
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
