// What other modules and the mail handlers read or change through MarketplaceRecords: lookups for
// mails, figures, admin lists, erasure and closing a company's projects.
import { sql } from 'kysely';
import { APPLICATION_STATUSES, PROJECT_STATUSES } from '@mashrou/contracts';
import { containsPattern, type RawRow } from '../common/sql.js';
import type { Db, ProjectRow } from './marketplace.db.js';
import { byStatus } from './company.queries.js';

/** A project's raw row (timestamps as text), or undefined: what the mails about it need. */
export async function projectById(db: Db, id: string) {
  const r = await sql<RawRow<ProjectRow>>`select * from projects where id = ${id}`.execute(db);
  return r.rows[0];
}

/**
 * What the mails about these applications need of them and their projects, in one round trip:
 * `project_title` is the title as the student applied (the application's own copy); the project's
 * columns are null when it is gone.
 */
export function applicationsForMail(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('applications as a')
    .leftJoin('projects as p', 'p.id', 'a.project_id')
    .select(['a.id', 'a.status', 'a.notes', 'a.student_id', 'a.project_title', 'p.id as project_id', 'p.title'])
    .select(['p.company_id', 'p.company_name'])
    .where('a.id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .execute();
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
    projectsByStatus: byStatus(projects, PROJECT_STATUSES),
    applicationsByStatus: byStatus(applications, APPLICATION_STATUSES),
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
 * and no notes about them, and no workspace; a company's projects stay for their applicants, closed,
 * without their workspaces.
 */
export async function erase(db: Db, userId: string) {
  // Their conversations go (what they wrote, and what was written to them, may name them).
  await db
    .deleteFrom('messages')
    .where((eb) => eb.or([eb('sender_id', '=', userId), eb('recipient_id', '=', userId)]))
    .execute();
  // Their workspaces go too (a student's hand-ins, a company's milestones and feedback), whichever
  // side they were, with how each ended and the reviews both ways (a text may name them).
  const theirs = db
    .selectFrom('applications as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select('a.id')
    .where((w) => w.or([w('a.student_id', '=', userId), w('p.company_id', '=', userId)]));
  for (const table of ['milestones', 'reviews', 'engagement_endings'] as const) {
    await db.deleteFrom(table).where('application_id', 'in', theirs).execute();
  }
  await db.deleteFrom('portfolios').where('user_id', '=', userId).execute();
  await db.deleteFrom('saved_searches').where('user_id', '=', userId).execute();
  await db.deleteFrom('search_alerts').where('user_id', '=', userId).execute();
  // A student's certificates go with them; a company's erasure leaves its students theirs.
  await db
    .deleteFrom('certificates')
    .where('application_id', 'in', (eb) => eb.selectFrom('applications').select('id').where('student_id', '=', userId))
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
