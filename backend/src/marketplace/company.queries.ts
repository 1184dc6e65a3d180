// What a company's screens read: its projects with their applicant counts, a project's applicants,
// the overview.
import { sql, type RawBuilder } from 'kysely';
import { PROJECT_STATUSES, type ApplicantSort, type ApplicationStatus, type ProjectStatus } from '@mashrou/contracts';
import { type RawRow } from '../common/sql.js';
import type { Db, ApplicationRow, ProjectRow } from './marketplace.db.js';

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
  const by = byStatus(projects, PROJECT_STATUSES);
  return { ...by, newApplicants: Number(fresh.n) };
}

/** Counts by status, every status present (0 when none). */
export const byStatus = <S extends string>(rows: { status: S; n: string }[], all: readonly S[]) => {
  const counts = Object.fromEntries(all.map((s) => [s, 0])) as Record<S, number>;
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
};
