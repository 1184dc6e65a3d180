import { containsPattern } from '../common/sql.js';

/**
 * The AI Recruitment model: a transparent sum of points, explained on the page. Weights are here,
 * and only here; the SQL in RecruitmentService computes each part with them.
 */
export const STUDENT_WEIGHTS = {
  /** Share of the project's skills the student has (from their assessment). */
  skills: 40,
  /** PostgreSQL full-text rank of the student's profile (school, skills) and their motivation for this project, relative to the best candidate. */
  text: 20,
  /** Overall assessment score (0–100) scaled. */
  assessment: 25,
  /** Graduating next year scores highest; each year away costs 3 points. */
  graduation: 10,
  /** Not already accepted on another open project. */
  availability: 5,
} as const;

export const PROJECT_WEIGHTS = {
  /** Share of the project's skills the student has. */
  skills: 50,
  /** Full-text rank of the project (title, skills, description) for the student's skills and school, relative to the best project. */
  text: 30,
  /** Posted recently: full points today, none after 60 days. */
  freshness: 20,
} as const;

const STOP = new Set(['and', 'or', 'the', 'a', 'an', 'of', 'for', 'to', 'in', 'on', 'with', 'at', 'by', 'from', 'is', 'be', 'as', 'our', 'we', 'you']);

/**
 * A safe `to_tsquery('simple', …)` text that matches any of the words: letters and digits only
 * (any script), lower-cased, no stop words, at most 30. Empty when nothing is left.
 */
export function anyWordQuery(texts: string[]): string {
  const words = new Set<string>();
  for (const t of texts) {
    for (const w of t.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (w.length >= 2 && !STOP.has(w)) words.add(w);
      if (words.size >= 30) break;
    }
  }
  return [...words].join(' | ');
}

export interface StudentSignals {
  matched: number;
  wanted: number;
  matchedSkills: string[];
  textPoints: number;
  overall: number | null;
  graduationYear: number | null;
  busy: boolean;
  applicationStatus: string | null;
}

/**
 * A reason behind a score, as data: the web app words it through its translations; emails use
 * `reasonText` (English, like every email template).
 */
export type Reason =
  | { code: 'skills-match'; matched: number; wanted: number; skills: string }
  | { code: 'skills-none'; wanted: number }
  | { code: 'no-skills-listed' }
  | { code: 'text'; points: number; of: number }
  | { code: 'assessment'; score: number }
  | { code: 'no-assessment' }
  | { code: 'graduates'; year: number }
  | { code: 'busy' }
  | { code: 'applied'; status: string }
  | { code: 'posted'; date: string }
  | { code: 'already-applied' };

export function skillsReason(matchedSkills: string[], wanted: number): Reason {
  if (wanted === 0) return { code: 'no-skills-listed' };
  return matchedSkills.length
    ? { code: 'skills-match', matched: matchedSkills.length, wanted, skills: matchedSkills.join(', ') }
    : { code: 'skills-none', wanted };
}

/** The reasons behind a student's points, in the order a recruiter reads them. */
export function studentReasons(s: StudentSignals): Reason[] {
  const out: Reason[] = [skillsReason(s.matchedSkills, s.wanted)];
  if (s.textPoints >= 1) out.push({ code: 'text', points: Math.round(s.textPoints), of: STUDENT_WEIGHTS.text });
  out.push(s.overall === null ? { code: 'no-assessment' } : { code: 'assessment', score: s.overall });
  if (s.graduationYear) out.push({ code: 'graduates', year: s.graduationYear });
  if (s.busy) out.push({ code: 'busy' });
  if (s.applicationStatus) out.push({ code: 'applied', status: s.applicationStatus });
  return out;
}

/** English wording of a reason (emails). */
export function reasonText(r: Reason): string {
  switch (r.code) {
    case 'skills-match': return `${r.matched} of ${r.wanted} skills match (${r.skills})`;
    case 'skills-none': return `None of the ${r.wanted} skills match`;
    case 'no-skills-listed': return 'The project lists no skills';
    case 'text': return `Profile text relevant (${r.points} of ${r.of} points)`;
    case 'assessment': return `Assessment ${r.score}/100`;
    case 'no-assessment': return 'No assessment yet';
    case 'graduates': return `Graduates in ${r.year}`;
    case 'busy': return 'Already accepted on another open project';
    case 'applied': return `Applied (${r.status.replace('_', ' ')})`;
    case 'posted': return `Posted ${r.date}`;
    case 'already-applied': return 'Already applied';
  }
}

export interface CandidateFilters {
  school?: string;
  graduationYear?: number;
  minScore: number;
  notApplied: boolean;
  page: number;
  pageSize: number;
}

/**
 * The one query that ranks students for a project (`?` placeholders, in order). Exported so the
 * benchmark's bare baseline runs exactly the same SQL.
 */
export function candidatesSql(projectId: string, query: string, f: CandidateFilters, only?: string) {
  const filters: string[] = [];
  const params: unknown[] = [];
  if (f.school) {
    filters.push(`u.school ilike ?`);
    params.push(containsPattern(f.school));
  }
  if (f.graduationYear) {
    filters.push(`u.graduation_year = ?`);
    params.push(f.graduationYear);
  }
  if (f.notApplied) filters.push(`ap.id is null`);
  const W = STUDENT_WEIGHTS;
  const busy = (alias: string) => `exists (
      select 1 from applications b join projects bp on bp.id = b.project_id
       where b.student_id = ${alias}.id and b.status = 'accepted' and bp.status = 'open')`;
  const onlyOne = only ? 'and s.id = ?' : '';
  // Availability is worth 0 or ${W.availability} points and is the costly part (a lookup per student), so it is
  // checked only where it can matter: for students whose other points could reach the requested page,
  // and, for the total, for those just under the minimum score.
  const sql = `
    with proj as materialized (
      select p.id, lower_skills(p.skills) as skills from projects p where p.id = ?
    ), q as materialized (
      select case when ? = '' then null else to_tsquery('simple', ?) end as q
    ), cand as materialized (
      select u.id, u.full_name, u.email, u.school, u.graduation_year, a.overall,
             ap.status as application_status, inv.created_at as invited_at,
             -- most students share no skill with a project: skip the set operation for them
             case when a.skills_lower && proj.skills
                  then array(select unnest(a.skills_lower) intersect select unnest(proj.skills)) else '{}' end as matched_skills,
             cardinality(proj.skills) as wanted,
             case when q.q is null then 0 else ts_rank(
               setweight(coalesce(a.profile, ''::tsvector) || u.school_search, 'B') ||
               case when ap.motivation is null then ''::tsvector else setweight(to_tsvector('simple', ap.motivation), 'C') end, q.q) end as rank
        from users u
        cross join proj cross join q
        left join assessments a on a.user_id = u.id
        -- the id as a value, not proj.id, so the planner can use the project's index
        left join applications ap on ap.project_id = ?::uuid and ap.student_id = u.id
        left join invitations inv on inv.project_id = ?::uuid and inv.student_id = u.id
       where u.user_type = 'student' and u.active and u.email_verified_at is not null
         ${filters.map((x) => `and ${x}`).join(' ')}
    ), parts as (
      select cand.*,
             case when wanted = 0 then 0 else ${W.skills}.0 * cardinality(matched_skills) / wanted end as skill_pts,
             case when max(rank) over () > 0 then ${W.text}.0 * rank / max(rank) over () else 0 end as text_pts,
             ${W.assessment}.0 * coalesce(overall, 0) / 100 as assessment_pts,
             case when graduation_year is null then 0
                  else greatest(0, ${W.graduation} - 3 * abs(graduation_year - (extract(year from now())::int + 1))) end as grad_pts
        from cand
    ), scored as materialized (
      select parts.*, skill_pts + text_pts + assessment_pts + grad_pts as base from parts
    ), params as (select ?::int as min_score, ?::int as lim, ?::int as off
    ), cut as (
      select coalesce(min(base), -1000) as t from (
        select s.base from scored s, params where round(s.base + ${W.availability}) >= params.min_score ${onlyOne}
         order by s.base desc limit (select lim + off from params)) top
    ), near as (
      select s.*, ${busy('s')} as busy from scored s, cut, params
       where s.base >= cut.t - ${W.availability} - 1 and round(s.base + ${W.availability}) >= params.min_score ${onlyOne}
    ), ranked as (
      select near.*, case when busy then 0 else ${W.availability} end as avail_pts,
             round(base + case when busy then 0 else ${W.availability} end)::int as score
        from near
    )
    select ranked.*,
           (select count(*) from scored s, params where round(s.base) >= params.min_score ${onlyOne})
         + (select count(*) from scored s, params
             where round(s.base) < params.min_score and round(s.base + ${W.availability}) >= params.min_score ${onlyOne}
               and not ${busy('s')}) as total
      from ranked, params
     where score >= params.min_score
     order by score desc, assessment_pts desc, id
     limit (select lim from params) offset (select off from params)`;
  return {
    sql,
    params: [
      projectId, query, query, projectId, projectId, ...params, f.minScore, f.pageSize, (f.page - 1) * f.pageSize,
      ...(only ? [only, only, only, only] : []),
    ],
  };
}
