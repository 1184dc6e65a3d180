// The baseline of `npm run bench`: the same SQL as the api's endpoints, served by a bare Fastify
// handler over `pg` — no Nest, no ORM, no session lookup, no validation. The student id comes in a header.
import Fastify from 'fastify';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import { RATING_SHOWN_FROM } from '@mashrou/contracts';
import { anyWordQuery } from '../dist/admin/ranking.js';
import { candidatesQuery } from '../dist/admin/ranking.queries.js';
import { projectForStudentQuery } from '../dist/marketplace/browse.queries.js';
import { companyRatingQuery } from '../dist/marketplace/reviews.queries.js';
import { workspaceQuery } from '../dist/marketplace/workspace.queries.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// Only compiles the api's own statements (the ranking, the project page, the workspace) to SQL text
// and parameters; pg runs them, unnamed. (The profile card's one line is written out below.)
const compiler = new Kysely({ dialect: new PostgresDialect({ pool }) });
const run = (query) => {
  const { sql, parameters } = query.compile(compiler);
  return pool.query(sql, parameters);
};
const app = Fastify({ logger: false });
const OPEN = `p.status = 'open' and (p.deadline is null or p.deadline >= current_date)`;

// AI Recruitment: the same ranking SQL as the api (built by the same function), JIT off as there.
app.get('/candidates/:id', async (req) => {
  const {
    rows: [p],
  } = await pool.query(`select title, skills from projects where id = $1`, [req.params.id]);
  const { sql, parameters } = candidatesQuery(req.params.id, anyWordQuery([p.title, ...p.skills]), {
    minScore: 0,
    notApplied: false,
    page: 1,
    pageSize: 20,
  }).compile(compiler);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local jit = off');
    const { rows } = await client.query(sql, parameters);
    await client.query('commit');
    return { items: rows, total: rows.length ? Number(rows[0].total) : 0 };
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
});

app.get('/browse', async (req) => {
  const sid = req.headers['x-student'];
  const [rows, count] = await Promise.all([
    pool.query(
      `select p.*, exists (select 1 from applications a where a.project_id = p.id and a.student_id = $1) as applied
                  from projects p where ${OPEN} order by p.created_at desc limit 12 offset 0`,
      [sid],
    ),
    pool.query(`select count(*) as n from (select 1 from projects p where ${OPEN} limit 1001) t`),
  ]);
  return { items: rows.rows, total: Number(count.rows[0].n) };
});

app.get('/search', async (req) => {
  const sid = req.headers['x-student'];
  // The api's search (browse.queries.ts, issue 30): any word, ranked where the matches are read (how
  // many words, then the text rank, then newest); the count from the index's hits. The skill's words
  // are required in the same text-index scan, the exact skill checked on the rows found.
  const terms = `with terms as materialized (select search_terms($1) as t, search_exact($1) as e)`;
  const matches = `p.search @@ (select search_any(t) && plainto_tsquery('english', search_fold($2)) from terms)`;
  const [rows, count] = await Promise.all([
    pool.query(
      `${terms}, ranked as materialized (
          select p.id, p.created_at, (select count(*) from unnest((select t from terms)) w where p.search @@ w) as words,
                 (select count(*) from unnest((select e from terms)) w where p.search @@ w) as exact,
                 ts_rank(p.search, (select search_any(t) from terms)) as rank
            from projects p where ${matches} and p.skills @> array[$2::text] and ${OPEN}),
        top as (select * from ranked order by words desc, exact desc, rank desc, created_at desc limit 12)
        select p.*, exists (select 1 from applications a where a.project_id = p.id and a.student_id = $3) as applied
          from top join projects p on p.id = top.id order by top.words desc, top.exact desc, top.rank desc, top.created_at desc`,
      [req.query.q, req.query.skill, sid],
    ),
    pool.query(
      `${terms}, hits as materialized (select p.id from projects p where ${matches})
        select count(*) as n from (select 1 from projects p where ${OPEN} and p.skills @> array[$2::text] and p.id in (select id from hits) limit 1001) t`,
      [req.query.q, req.query.skill],
    ),
  ]);
  return { items: rows.rows, total: Number(count.rows[0].n) };
});

// A student's project page: the api's statements (browse.queries.ts, reviews.queries.ts) — the
// project with the student's application, then the company's rating. (The api keeps the company's
// card 30 s and its answer time 10 minutes per process: not read on every request, so not here.)
app.get('/project/:id', async (req) => {
  const {
    rows: [p],
  } = await run(projectForStudentQuery(req.params.id, req.headers['x-student']));
  if (!p) return {};
  const {
    rows: [rating],
  } = await run(companyRatingQuery(p.company_id));
  return { ...p, companyRating: Number(rating.n) >= RATING_SHOWN_FROM ? rating : undefined };
});

app.get('/my-applications', async (req) => {
  const sid = req.headers['x-student'];
  const [rows, count] = await Promise.all([
    pool.query(`select * from applications where student_id = $1 order by updated_at desc limit 20`, [sid]),
    pool.query(`select count(*) as n from applications where student_id = $1`, [sid]),
  ]);
  return { items: rows.rows, total: Number(count.rows[0].n) };
});

// An accepted application's workspace: the api's statements (workspace.queries.ts, workspace.service.ts)
// — the application with its project, ending, milestones and hand-ins in one, then the student's card.
app.get('/workspace/:id', async (req, reply) => {
  const {
    rows: [a],
  } = await run(workspaceQuery(req.params.id, { id: req.headers['x-student'], admin: false }));
  if (!a || a.student_id !== req.headers['x-student']) return reply.status(404).send({ code: 'application-not-found' });
  const card = await pool.query(
    `select id, full_name, email, school, graduation_year, linkedin, whatsapp from users where id = any($1::uuid[])`,
    [[a.student_id]],
  );
  return {
    applicationId: a.id,
    projectTitle: a.title,
    studentName: card.rows[0]?.full_name,
    milestones: a.milestones,
  };
});

app.post('/apply/:id', async (req, reply) => {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const p = await client.query(`select title, status, deadline from projects where id = $1`, [req.params.id]);
    const id = randomUUID();
    const ins = await client.query(
      `insert into applications (id, project_id, student_id, project_title, motivation) values ($1, $2, $3, $4, $5)
       on conflict (project_id, student_id) do nothing`,
      [id, req.params.id, req.headers['x-student'], p.rows[0]?.title ?? 'Unknown Project', req.body.motivation],
    );
    if (ins.rowCount) {
      await client.query(`insert into outbox_events (id, name, payload) values ($1, 'ApplicationSubmitted', $2)`, [
        randomUUID(),
        { applicationId: id },
      ]);
    }
    await client.query('commit');
    return reply.status(ins.rowCount ? 201 : 409).send({ id });
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('baseline ready');
