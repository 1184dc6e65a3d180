// Applying and a student's applications.
import { sql, type RawBuilder } from 'kysely';
import type { ApplicationStatus, ProjectStatus } from '@mashrou/contracts';
import { PREPARED, type RawRow } from '../common/sql.js';
import type { Db, ApplicationRow } from './marketplace.db.js';

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
