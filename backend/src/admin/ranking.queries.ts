// The ranking's SQL: candidates for a project and projects for a student, scored with the weights
// of ranking.ts.
import { sql, type RawBuilder } from 'kysely';
import { containsPattern } from '../common/sql.js';
import type { ApplicationStatus, CandidatesQuery } from '@mashrou/contracts';
import type { z } from 'zod';
import { PROJECT_WEIGHTS, RECORD_FULL_AT, STUDENT_WEIGHTS } from './ranking.js';
import { REVIEW_SHOWS } from '../marketplace/index.js';

export type CandidateFilters = z.output<typeof CandidatesQuery>;

/** One ranked candidate, as the ranking query returns it. */
export interface CandidateRow {
  id: string;
  full_name: string;
  email: string;
  school: string | null;
  graduation_year: number | null;
  overall: number | null;
  application_status: ApplicationStatus | null;
  invited_at: string | null;
  matched_skills: string[];
  wanted: number;
  skill_pts: string;
  text_pts: string;
  assessment_pts: string;
  grad_pts: string;
  avail_pts: number;
  record_pts: string;
  completed: number;
  rating: string | null;
  busy: boolean;
  score: number;
  total: string;
}

const n = (v: number) => sql.raw(String(v));

/**
 * The one query that ranks students for a project. It reads across modules (users, assessments,
 * applications, projects, invitations) — a read-only reporting query, kept here with the model's
 * weights; every write stays with the table's module. Exported so the benchmark's bare baseline
 * runs exactly the same SQL.
 */
export function candidatesQuery(projectId: string, query: string, f: CandidateFilters, only?: string): RawBuilder<CandidateRow> {
  const filters: RawBuilder<unknown>[] = [];
  if (f.school) filters.push(sql`and search_fold(u.school) like search_fold(${containsPattern(f.school)})`);
  if (f.graduationYear) filters.push(sql`and u.graduation_year = ${f.graduationYear}`);
  if (f.notApplied) filters.push(sql`and ap.id is null`);
  const W = STUDENT_WEIGHTS;
  // Accepted on another open project: an acceptance on this one is no reason to rank them lower.
  const busy = (alias: string) => sql`exists (
      select 1 from applications b join projects bp on bp.id = b.project_id
       where b.student_id = ${sql.ref(`${alias}.id`)} and b.status = 'accepted' and bp.status = 'open'
         and b.project_id <> ${projectId})`;
  const onlyOne = only ? sql`and s.id = ${only}` : sql``;
  // Availability is worth 0 or W.availability points and is the costly part (a lookup per student), so it is
  // checked only where it can matter: for students whose other points could reach the requested page,
  // and, for the total, for those just under the minimum score.
  return sql<CandidateRow>`
    with proj as materialized (
      select p.id, lower_skills(p.skills) as skills from projects p where p.id = ${projectId}
    ), q as materialized (
      select case when ${query} = '' then null else to_tsquery('simple', search_fold(${query})) end as q
    ), rec as materialized (
      -- Track records: few students have one, so they are gathered once and joined by id. A company's
      -- mark counts once it shows to the student (REVIEW_SHOWS, the marketplace's own rule).
      select x.student_id as id,
             count(*) filter (where e.outcome = 'completed')::int as completed,
             avg(r.overall) filter (where e.outcome = 'completed') as rating
        from engagement_endings e
        join applications x on x.id = e.application_id
        -- a certificate an admin withdrew: that engagement counts for nothing
        left join certificates wc on wc.application_id = e.application_id and wc.withdrawn_at is not null
        left join reviews r on r.application_id = e.application_id and r.author = 'company' and ${REVIEW_SHOWS}
       where wc.application_id is null
       group by x.student_id
    ), cand as materialized (
      select u.id, u.full_name, u.email, u.school, u.graduation_year, a.overall,
             coalesce(rec.completed, 0) as completed, rec.rating,
             ap.status as application_status, inv.created_at as invited_at,
             -- most students share no skill with a project: skip the set operation for them
             case when a.skills_lower && proj.skills
                  then array(select unnest(a.skills_lower) intersect select unnest(proj.skills)) else '{}' end as matched_skills,
             cardinality(proj.skills) as wanted,
             case when q.q is null then 0 else ts_rank(
               setweight(coalesce(a.profile, ''::tsvector) || u.school_search, 'B') ||
               case when ap.motivation is null then ''::tsvector else setweight(to_tsvector('simple', search_fold(ap.motivation)), 'C') end, q.q) end as rank
        from users u
        cross join proj cross join q
        left join assessments a on a.user_id = u.id
        -- the id as a value, not proj.id, so the planner can use the project's index
        left join applications ap on ap.project_id = ${projectId}::uuid and ap.student_id = u.id
        left join invitations inv on inv.project_id = ${projectId}::uuid and inv.student_id = u.id
        left join rec on rec.id = u.id
       where u.user_type = 'student' and u.active and u.email_verified_at is not null
         ${sql.join(filters, sql` `)}
    ), parts as (
      select cand.*,
             case when wanted = 0 then 0 else ${n(W.skills)}.0 * cardinality(matched_skills) / wanted end as skill_pts,
             case when max(rank) over () > 0 then ${n(W.text)}.0 * rank / max(rank) over () else 0 end as text_pts,
             ${n(W.assessment)}.0 * coalesce(overall, 0) / 100 as assessment_pts,
             case when graduation_year is null then 0
                  else greatest(0, ${n(W.graduation)} - 3 * abs(graduation_year - (extract(year from now())::int + 1))) end as grad_pts,
             case when completed = 0 then 0
                  else ${n(W.record)}.0 / 2 * least(completed, ${n(RECORD_FULL_AT)}) / ${n(RECORD_FULL_AT)}
                     + ${n(W.record)}.0 / 2 * coalesce((rating - 1) / 4, 0.5) end as record_pts
        from cand
    ), scored as materialized (
      select parts.*, skill_pts + text_pts + assessment_pts + grad_pts + record_pts as base from parts
    ), params as (select ${f.minScore}::int as min_score, ${f.pageSize}::int as lim, ${(f.page - 1) * f.pageSize}::int as off
    ), cut as (
      select coalesce(min(base), -1000) as t from (
        select s.base from scored s, params where round(s.base + ${n(W.availability)}) >= params.min_score ${onlyOne}
         order by s.base desc limit (select lim + off from params)) top
    ), near as (
      select s.*, ${busy('s')} as busy from scored s, cut, params
       where s.base >= cut.t - ${n(W.availability)} - 1 and round(s.base + ${n(W.availability)}) >= params.min_score ${onlyOne}
    ), ranked as (
      select near.*, case when busy then 0 else ${n(W.availability)} end as avail_pts,
             round(base + case when busy then 0 else ${n(W.availability)} end)::int as score
        from near
    )
    select ranked.*,
           (select count(*) from scored s, params where round(s.base) >= params.min_score ${onlyOne})
         + (select count(*) from scored s, params
             where round(s.base) < params.min_score and round(s.base + ${n(W.availability)}) >= params.min_score ${onlyOne}
               and not ${busy('s')}) as total
      from ranked, params
     where score >= params.min_score
     order by score desc, assessment_pts desc, id
     limit (select lim from params) offset (select off from params)`;
}

/** One project ranked for a student, as the reverse ranking returns it. */
export interface ProjectMatchRow {
  id: string;
  title: string;
  company_name: string;
  skills: string[];
  created_at: string;
  matched_skills: string[];
  wanted: number;
  applied: boolean;
  skill_pts: string;
  text_pts: string;
  fresh_pts: string;
  score: number;
  total: string;
}

/** Open projects ranked for one student (skills, text, freshness): the other way round. */
export function projectsForQuery(
  studentId: string,
  skills: string[],
  query: string,
  page: number,
  pageSize: number,
): RawBuilder<ProjectMatchRow> {
  const W = PROJECT_WEIGHTS;
  return sql<ProjectMatchRow>`
    with q as (select to_tsquery('simple', search_fold(${query})) as q),
    me as (select array(select distinct lower(x) from unnest(string_to_array(${skills.join('\u001f')}, chr(31))) x) as skills),
    cand as (
      select p.id, p.title, p.company_name, p.skills, p.created_at, p.deadline, p.work_mode, p.paid,
             array(select lower(x) from unnest(p.skills) x intersect select unnest(me.skills)) as matched_skills,
             cardinality(p.skills) as wanted,
             ts_rank(p.search, q.q) as rank,
             exists (select 1 from applications x where x.project_id = p.id and x.student_id = ${studentId}) as applied
        from projects p cross join q cross join me
       where p.status = 'open' and (p.deadline is null or p.deadline >= (now() at time zone 'utc')::date) and p.search @@ q.q
    ), scored as (
      select cand.*,
             case when wanted = 0 then 0 else ${n(W.skills)}.0 * cardinality(matched_skills) / wanted end as skill_pts,
             case when max(rank) over () > 0 then ${n(W.text)}.0 * rank / max(rank) over () else 0 end as text_pts,
             greatest(0, ${n(W.freshness)}.0 * (1 - extract(epoch from now() - created_at) / (60 * 86400))) as fresh_pts
        from cand
    )
    select *, round(skill_pts + text_pts + fresh_pts)::int as score, count(*) over () as total
      from scored order by score desc, created_at desc, id limit ${pageSize} offset ${(page - 1) * pageSize}`;
}
