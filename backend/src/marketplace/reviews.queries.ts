import { sql } from 'kysely';
import { COMPANY_CRITERIA, RATING_SHOWN_FROM, REVIEW_WINDOW_DAYS } from '@mashrou/contracts';
import { PREPARED } from '../common/sql.js';
import type { Db } from './marketplace.db.js';

/** When the review window of an engagement that ended at `endedAt` closes (everything in shows then). */
export const reviewsCloseAt = (endedAt: Date) => new Date(endedAt.getTime() + REVIEW_WINDOW_DAYS * 86_400_000);

/**
 * In SQL, whether review `r` shows to the side it is about: not hidden by an admin, and its
 * engagement's other review is in too, or the window closed (`e`: its engagement ending).
 */
export const REVIEW_SHOWS = sql<boolean>`r.hidden_at is null and (
  e.ended_at <= now() - make_interval(days => ${REVIEW_WINDOW_DAYS})
  or exists (select 1 from reviews o where o.application_id = r.application_id and o.author <> r.author))`;

/** A review's columns (as `r`) that its author, the other side and an admin all read. */
export const REVIEW_COLUMNS = [
  'r.id',
  'r.application_id',
  'r.author',
  'r.overall',
  'r.scores',
  'r.body',
  'r.created_at',
  'r.reported_at',
  'r.report_reason',
] as const;

/** The reviews of one engagement (both sides' at most), as stored. */
export function reviewsOf(db: Db, applicationId: string) {
  return db
    .selectFrom('reviews')
    .select(['id', 'author', 'overall', 'scores', 'body', 'created_at', 'reported_at', 'report_reason', 'hidden_at'])
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .execute();
}

/**
 * The sums behind a company's rating (companyRating). Prepared: every project page a student opens
 * asks it (the company's card and answer time are cached).
 */
export const companyRatingQuery = (companyId: string) => {
  const means = sql.join(COMPANY_CRITERIA.map((c) => sql`avg((r.scores ->> ${c})::numeric) as ${sql.id(c)}`));
  // The means are null without any review.
  return sql<{ n: string } & Record<'overall' | (typeof COMPANY_CRITERIA)[number], string | null>>`${sql.raw(PREPARED)}
    select count(*) as n, avg(r.overall) as overall, ${means}
      from reviews r join engagement_endings e on e.application_id = r.application_id
      join applications a on a.id = r.application_id join projects p on p.id = a.project_id
     where p.company_id = ${companyId} and r.author = 'student' and ${REVIEW_SHOWS}`;
};

/**
 * A company's rating from its students' reviews that show (means of each criterion and of their
 * overall, to one decimal), once there are RATING_SHOWN_FROM of them; undefined before.
 */
export async function companyRating(db: Db, companyId: string) {
  const row = (await companyRatingQuery(companyId).execute(db)).rows[0];
  if (!row) return undefined;
  const n = Number(row.n);
  if (n < RATING_SHOWN_FROM) return undefined;
  const mean = (v: string | null) => Math.round(Number(v) * 10) / 10;
  return {
    average: mean(row.overall),
    count: n,
    clearBrief: mean(row.clearBrief),
    communication: mean(row.communication),
    respectOfTime: mean(row.respectOfTime),
  };
}

/** The admin dashboard's engagement figures. */
export async function engagementFigures(db: Db) {
  const { rows } = await sql<{
    active: string;
    late: string;
    completed: string;
    ended_early: string;
    reported: string;
  }>`
    select
      (select count(*) from applications a where a.status = 'accepted'
         and not exists (select 1 from engagement_endings e where e.application_id = a.id)) as active,
      (select count(*) from applications a where a.status = 'accepted'
         and not exists (select 1 from engagement_endings e where e.application_id = a.id)
         and exists (select 1 from milestones m where m.application_id = a.id
                       and m.status <> 'accepted' and m.due_on < current_date)) as late,
      (select count(*) from engagement_endings where outcome = 'completed') as completed,
      (select count(*) from engagement_endings where outcome = 'ended-early') as ended_early,
      (select count(*) from reviews where reported_at is not null and looked_at is null) as reported`.execute(db);
  const r = rows[0];
  return {
    active: Number(r?.active ?? 0),
    late: Number(r?.late ?? 0),
    completed: Number(r?.completed ?? 0),
    endedEarly: Number(r?.ended_early ?? 0),
    reportedReviews: Number(r?.reported ?? 0),
  };
}
