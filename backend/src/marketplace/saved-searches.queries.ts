// Saved searches' matching (Browse's rules), the alerts of an approval and the daily digests' claims.
import { sql } from 'kysely';
import type { Db } from './marketplace.db.js';

/**
 * In SQL, whether saved search `s` matches project `p`: Browse's own rules (its words folded and
 * stemmed the same way, any word matching; the exact skill; mode, pay and length), so an alert and
 * the home page's suggestions find what the search itself would.
 */
export const MATCHES = sql<boolean>`(s.q is null or p.search @@ search_any(search_terms(s.q)))
  and (s.skill is null or p.skills @> array[s.skill])
  and (s.mode is null or p.work_mode = s.mode)
  and (s.paid is null or p.paid = s.paid)
  and (s.max_weeks is null or p.duration_weeks <= s.max_weeks)`;

/** Not for a project the student applied to. */
export const NOT_APPLIED = sql<boolean>`not exists (select 1 from applications a where a.project_id = p.id and a.student_id = s.user_id)`;

/**
 * A project was approved: the students whose searches match it, each recorded once (the primary
 * key: a second run, or a second worker, records nobody twice), with whether one of their matching
 * searches asks to hear in the app. Every match is returned, recorded now or before: the caller's
 * notice is keyed by student and project, so a retry after a failure part-way finishes the job
 * without telling anyone twice.
 */
export async function alertFor(db: Db, projectId: string): Promise<{ userId: string; instant: boolean }[]> {
  const { rows } = await sql<{ user_id: string; instant: boolean }>`
    with matched as (
      select s.user_id, bool_or(s.instant) as instant, bool_or(s.daily) as daily
        from saved_searches s, projects p
       where p.id = ${projectId} and p.status = 'open' and (s.instant or s.daily) and ${MATCHES} and ${NOT_APPLIED}
       group by s.user_id),
    recorded as (
      insert into search_alerts (user_id, project_id, daily, created_at)
        select user_id, ${projectId}, daily, now() from matched
      on conflict do nothing)
    select user_id, instant from matched order by user_id`.execute(db);
  return rows.map((r) => ({ userId: r.user_id, instant: r.instant }));
}

/**
 * The day's digests: claims every alert asked by email and not yet in a digest, under a claim of
 * its own (so none goes in two digests, even when the job runs twice a day); the students to
 * write to.
 */
export async function claimDigests(db: Db, claim: string): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    update search_alerts set digest_claim = ${claim}::uuid where daily and digest_claim is null returning user_id`.execute(db);
  return [...new Set(rows.map((r) => r.user_id))];
}

/** The projects a digest reports: those of its claim, still open, still not applied to. */
export async function digestProjects(db: Db, userId: string, claim: string) {
  const { rows } = await sql<{ id: string; title: string; company_name: string }>`
    select p.id, p.title, p.company_name from search_alerts x join projects p on p.id = x.project_id
     where x.user_id = ${userId} and x.digest_claim = ${claim}::uuid and p.status = 'open'
       and not exists (select 1 from applications a where a.project_id = p.id and a.student_id = x.user_id)
     order by x.created_at, p.id`.execute(db);
  return rows;
}
