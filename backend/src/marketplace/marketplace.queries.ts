import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { InferKyselyDB } from '@mikro-orm/postgresql';
import type { ApplicantSort, ApplicationStatus, ProjectStatus, WorkMode } from '@mashrou/contracts';
import { containsPattern, PREPARED, type RawRow } from '../common/sql.js';
import type { ApplicationSchema, MessageSchema, ProjectSchema } from './marketplace.entities.js';

/** The marketplace's tables, as Kysely sees them (typed from the entities). */
export type MarketplaceDB = InferKyselyDB<typeof ProjectSchema | typeof ApplicationSchema | typeof MessageSchema>;
export type ProjectRow = Selectable<MarketplaceDB['projects']>;
export type ApplicationRow = Selectable<MarketplaceDB['applications']>;
type Db = Kysely<MarketplaceDB>;

/** Browse counts matches up to this many ("1000+"): an exact count of every open project costs more than it tells. */
export const BROWSE_COUNT_CAP = 1000;

/** A project of a company's list, with its applicants: all of them, and the ones not answered yet. */
export type CompanyProjectRow = RawRow<ProjectRow> & { applicants: string; new_applicants: string };

/**
 * One page of a company's projects (of one status, when given), newest first, each with its
 * applicant counts, and how many there are, in one statement (a page past the end still answers
 * the total).
 */
export async function companyProjectsPage(db: Db, companyId: string, limit: number, offset: number, status?: ProjectStatus) {
  const of = status ? sql`company_id = ${companyId} and status = ${status}` : sql`company_id = ${companyId}`;
  // A page past the end is the one row of the count, with no project in it (every column null).
  const r = await sql<(CompanyProjectRow & { total: string }) | { total: string; id: null }>`
    select t.total, p.*, c.applicants, c.new_applicants
      from (select count(*) as total from projects where ${of}) t
      left join lateral (select * from projects where ${of} order by created_at desc, id desc limit ${limit} offset ${offset}) p on true
      left join lateral (select count(*) as applicants, count(*) filter (where a.status = 'submitted') as new_applicants
                           from applications a where a.project_id = p.id) c on true`.execute(db);
  const total = Number(r.rows[0]?.total ?? 0);
  return { rows: r.rows.flatMap((row) => (row.id === null ? [] : [row])), total };
}

export interface ApplicantsFilters {
  status?: ApplicationStatus;
  sort: ApplicantSort;
  limit: number;
  offset: number;
}

/**
 * One page of a project's applications (of one status, when given) and how many there are, in one
 * statement. `score` orders by the student's assessment, highest first, students without one last,
 * ties newest first: `scoreOf` is the onboarding module's expression for it (its table, read only).
 */
export async function applicantsOfProjectPage(
  db: Db,
  projectId: string,
  f: ApplicantsFilters,
  scoreOf: (studentId: RawBuilder<unknown>) => RawBuilder<number | null>,
) {
  const of = f.status ? sql`x.project_id = ${projectId} and x.status = ${f.status}` : sql`x.project_id = ${projectId}`;
  const order =
    f.sort === 'oldest'
      ? sql`x.created_at asc, x.id asc`
      : f.sort === 'score'
        ? sql`${scoreOf(sql.ref('x.student_id'))} desc nulls last, x.created_at desc, x.id desc`
        : sql`x.created_at desc, x.id desc`;
  const r = await sql<(RawRow<ApplicationRow> & { total: string }) | { total: string; id: null }>`
    select t.total, a.* from (select count(*) as total from applications x where ${of}) t
      left join lateral (select x.* from applications x where ${of}
                          order by ${order} limit ${f.limit} offset ${f.offset}) a on true`.execute(db);
  const total = Number(r.rows[0]?.total ?? 0);
  return { rows: r.rows.flatMap((row) => (row.id === null ? [] : [row])), total };
}

/** A company's projects by status, and its applicants not answered yet. */
export async function companyOverview(db: Db, companyId: string) {
  const [projects, fresh] = await Promise.all([
    db
      .selectFrom('projects')
      .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
      .where('company_id', '=', companyId)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('applications as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('p.company_id', '=', companyId)
      .where('a.status', '=', 'submitted')
      .executeTakeFirstOrThrow(),
  ]);
  const by = byStatus(projects, ['pending', 'open', 'closed', 'rejected'] as const);
  return { ...by, newApplicants: Number(fresh.n) };
}

const byStatus = <S extends string>(rows: { status: S; n: string }[], all: readonly S[]) => {
  const counts = Object.fromEntries(all.map((s) => [s, 0])) as Record<S, number>;
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
};

export interface BrowseFilters {
  q?: string;
  skill?: string;
  mode?: WorkMode;
  paid?: boolean;
  maxWeeks?: number;
  sort: 'newest' | 'deadline' | 'match';
  page: number;
  pageSize: number;
}

export type BrowseRow = RawRow<ProjectRow> & { match: number; applied: boolean };

/**
 * One page of open projects for a student, and how many match (up to BROWSE_COUNT_CAP). Text search
 * (and the skill filter with it) is a materialized set, so the two GIN indexes are combined
 * (BitmapAnd): that bounds the worst case — a rare or empty match — whatever the sort.
 */
export async function browse(db: Db, studentId: string, f: BrowseFilters, studentSkills: string[], knownCount?: number) {
  const where: RawBuilder<unknown>[] = [
    sql`p.status = 'open'`,
    sql`(p.deadline is null or p.deadline >= (now() at time zone 'utc')::date)`,
  ];
  const gin: RawBuilder<unknown>[] = [];
  if (f.q) {
    gin.push(sql`search @@ websearch_to_tsquery('simple', ${f.q})`);
    if (f.skill) gin.push(sql`skills @> array[${f.skill}::text]`);
    where.push(sql`p.id in (select id from hits)`);
  } else if (f.skill) {
    where.push(sql`p.skills @> array[${f.skill}::text]`);
  }
  if (f.mode) where.push(sql`p.work_mode = ${f.mode}`);
  if (f.paid !== undefined) where.push(sql`p.paid = ${f.paid}`);
  if (f.maxWeeks) where.push(sql`p.duration_weeks <= ${f.maxWeeks}`);
  const hits = gin.length ? sql`with hits as materialized (select id from projects where ${sql.join(gin, sql` and `)}) ` : sql``;
  const filter = sql.join(where, sql` and `);
  const match = f.sort === 'match';
  // The skills travel as one text (an array parameter would be expanded into a list).
  const matchExpr = match
    ? sql`cardinality(array(select unnest(p.skills) intersect select unnest(string_to_array(${studentSkills.join('\u001f')}, chr(31)))))`
    : sql`0`;
  const order =
    f.sort === 'deadline'
      ? sql`p.deadline asc nulls last, p.created_at desc`
      : match
        ? sql`match desc, p.created_at desc`
        : sql`p.created_at desc`;
  const [rows, count] = await Promise.all([
    sql<BrowseRow>`${hits}select p.*, ${matchExpr} as match,
        exists (select 1 from applications a where a.project_id = p.id and a.student_id = ${studentId}) as applied
      from projects p where ${filter}
      order by ${order} limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`.execute(db),
    // Counting every open project on each page view is the slow part at volume: count up to a cap,
    // and not at all when the caller still knows the count for these filters.
    knownCount !== undefined
      ? undefined
      : sql<{
          n: string;
        }>`${hits}select count(*) as n from (select 1 from projects p where ${filter} limit ${BROWSE_COUNT_CAP + 1}) t`.execute(
          db,
        ),
  ]);
  const total = knownCount ?? Number(count?.rows[0]?.n ?? 0);
  return { rows: rows.rows, total: Math.min(total, BROWSE_COUNT_CAP), capped: total > BROWSE_COUNT_CAP };
}

/**
 * A student's project page: a project that is open, or one they applied to (read-only once closed),
 * and their application to it, in one round trip (the application as JSON, so no second query and
 * no entity built for either).
 */
export async function projectForStudent(db: Db, projectId: string, studentId: string) {
  const r = await sql<RawRow<ProjectRow> & { application: RawRow<ApplicationRow> | null }>`${sql.raw(PREPARED)}
    select p.*, (select to_jsonb(a) from applications a where a.project_id = p.id and a.student_id = ${studentId}) as application
      from projects p where p.id = ${projectId}
       and (p.status = 'open' or exists (select 1 from applications a where a.project_id = p.id and a.student_id = ${studentId}))`.execute(
    db,
  );
  return r.rows[0];
}

/**
 * One page of a student's applications (of one status, when given), newest change first, and how
 * many there are, in one statement (one round trip; a page past the end still answers the total).
 */
export async function applicationsOfStudentPage(
  db: Db,
  studentId: string,
  limit: number,
  offset: number,
  status?: ApplicationStatus,
) {
  const of = status ? sql`student_id = ${studentId} and status = ${status}` : sql`student_id = ${studentId}`;
  // A page past the end is the one row of the count, with no application in it (every column null).
  const r = await sql<(RawRow<ApplicationRow> & { total: string }) | { total: string; id: null }>`${sql.raw(PREPARED)}
    select t.total, a.* from (select count(*) as total from applications where ${of}) t
      left join lateral (select * from applications where ${of}
                          order by updated_at desc limit ${limit} offset ${offset}) a on true`.execute(db);
  const total = Number(r.rows[0]?.total ?? 0);
  return { rows: r.rows.flatMap((row) => (row.id === null ? [] : [row])), total };
}

/** A project's raw row (timestamps as text), or undefined: what the mails about it need. */
export async function projectById(db: Db, id: string) {
  const r = await sql<RawRow<ProjectRow>>`select * from projects where id = ${id}`.execute(db);
  return r.rows[0];
}

/** What the mails about an application need of it and its project. */
export interface ApplicationForMail {
  id: string;
  status: ApplicationRow['status'];
  notes: string | null;
  student_id: string | null;
  /** The title as the student applied to it (the application's own copy). */
  project_title: string;
  /** The project now: null when it is gone. */
  project_id: string | null;
  title: string | null;
  company_id: string | null;
  company_name: string | null;
}

/** What the mails about these applications need of them and their projects, in one round trip. */
export async function applicationsForMail(db: Db, ids: readonly string[]) {
  const r = await sql<ApplicationForMail>`
    select a.id, a.status, a.notes, a.student_id, a.project_title, p.id as project_id, p.title, p.company_id, p.company_name
      from applications a left join projects p on p.id = a.project_id
     where a.id = any(${ids}::uuid[])`.execute(db);
  return r.rows;
}

/**
 * Applying, as one statement (no transaction held open across round trips): the project is checked,
 * the application inserted unless the student already applied (a unique index), and `event` — the
 * outbox's insert for each new application — written with it. Returns the project's status,
 * deadline and company (to explain a refusal, and to share a CV) and the new application, if any.
 */
export async function applyInOneStatement(
  db: Db,
  a: { id: string; projectId: string; studentId: string; motivation: string; cvFileId: string | null; today: string },
  event: (source: string) => RawBuilder<unknown>,
) {
  const r = await sql<{
    status: ProjectStatus;
    deadline: string | null;
    company_id: string | null;
    application: RawRow<ApplicationRow> | null;
  }>`${sql.raw(PREPARED)}
    with p as (select id, title, status, deadline, company_id from projects where id = ${a.projectId}),
    ins as (
      insert into applications (id, project_id, student_id, project_title, motivation, status, cv_file_id, created_at, updated_at)
      select ${a.id}, p.id, ${a.studentId}, p.title, ${a.motivation}, 'submitted', ${a.cvFileId}, now(), now() from p
       where p.status = 'open' and (p.deadline is null or p.deadline >= ${a.today}::date)
      on conflict (project_id, student_id) do nothing
      returning *),
    ev as (${event('ins')})
    select p.status, p.deadline::text as deadline, p.company_id, (select to_jsonb(ins) from ins) as application from p`.execute(
    db,
  );
  return r.rows[0];
}

/** Whether a CV still goes with another live application of its student to the same company. */
export async function cvStillSentTo(db: Db, fileId: string, exceptApplicationId: string, companyId: string) {
  const row = await db
    .selectFrom('applications as o')
    .innerJoin('projects as q', 'q.id', 'o.project_id')
    .select('o.id')
    .where('o.cv_file_id', '=', fileId)
    .where('o.id', '<>', exceptApplicationId)
    .where('o.status', '<>', 'withdrawn')
    .where('q.company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Projects by status, applications by status, and how fast companies first answer (last 90 days). */
export async function figures(db: Db) {
  const [projects, applications, median] = await Promise.all([
    db
      .selectFrom('projects')
      .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('applications')
      .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute(),
    sql<{ hours: string | null; answered: string }>`
      select percentile_cont(0.5) within group (order by extract(epoch from first_response_at - created_at)) / 3600 as hours,
             count(*) as answered
        from applications where first_response_at is not null and created_at > now() - interval '90 days'`.execute(db),
  ]);
  const m = median.rows[0];
  return {
    projectsByStatus: byStatus(projects, ['pending', 'open', 'closed', 'rejected'] as const satisfies readonly ProjectStatus[]),
    applicationsByStatus: byStatus(applications, [
      'submitted',
      'under_review',
      'shortlisted',
      'accepted',
      'rejected',
      'withdrawn',
    ] as const satisfies readonly ApplicationStatus[]),
    medianResponseHours: m?.hours == null ? null : Math.round(Number(m.hours) * 10) / 10,
    answeredLast90Days: Number(m?.answered ?? 0),
  };
}

/** A company's latest projects with their applicant counts (Manage Users' drawer). */
export function projectsOfCompany(db: Db, companyId: string, limit = 50) {
  return db
    .selectFrom('projects as p')
    .leftJoin('applications as a', 'a.project_id', 'p.id')
    .select((eb) => ['p.id', 'p.title', 'p.status', 'p.created_at', eb.fn.count<string>('a.id').as('applicants')])
    .where('p.company_id', '=', companyId)
    .groupBy('p.id')
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** A student's latest applications (Manage Users' drawer). */
export function applicationsOfStudent(db: Db, studentId: string, limit = 50) {
  return db
    .selectFrom('applications')
    .select(['id', 'project_id', 'project_title', 'status', 'updated_at'])
    .where('student_id', '=', studentId)
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
}

/** Open projects, newest first, optionally by title (AI Recruitment's picker). */
export function openProjects(db: Db, title: string | undefined, limit = 20) {
  let q = db.selectFrom('projects').select(['id', 'title', 'company_name', 'skills']).where('status', '=', 'open');
  if (title) q = q.where('title', 'ilike', containsPattern(title));
  return q.orderBy('created_at', 'desc').limit(limit).execute();
}

/**
 * Erasure: a student's applications stay with the companies (their records) with no motivation
 * and no notes about them; a company's projects stay for their applicants, closed.
 */
export async function erase(db: Db, userId: string) {
  // Their conversations go (what they wrote, and what was written to them, may name them).
  await db
    .deleteFrom('messages')
    .where((eb) => eb.or([eb('sender_id', '=', userId), eb('recipient_id', '=', userId)]))
    .execute();
  await db
    .updateTable('applications')
    .set({ motivation: '', notes: null, updated_at: new Date() })
    .where('student_id', '=', userId)
    .execute();
  return closeCompanyProjects(db, userId, 'erasure');
}

/**
 * A company that is gone (erased, deactivated, no longer a company): its open and pending projects
 * close — nobody would answer their applications. Returns the ids closed.
 */
export async function closeCompanyProjects(db: Db, companyId: string, by: 'erasure' | 'deactivation') {
  const closed = await db
    .updateTable('projects')
    .set({ status: 'closed', closed_by: by, closed_at: new Date(), updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('status', 'in', ['open', 'pending'])
    .returning('id')
    .execute();
  return closed.map((p) => p.id);
}

/** The students whose applications to a project were still waiting for an answer (its closing tells them). */
export function undecidedApplicants(db: Db, projectId: string) {
  return db
    .selectFrom('applications')
    .select(['id', 'student_id', 'project_title'])
    .where('project_id', '=', projectId)
    .where('status', 'in', ['submitted', 'under_review', 'shortlisted'])
    .where('student_id', 'is not', null)
    .execute();
}
