import { sql, type RawBuilder } from 'kysely';
import { containsPattern } from '../common/sql.js';
import type { ApplicationStatus, Locale, Reason } from '@mashrou/contracts';

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

const STOP = new Set([
  'and',
  'or',
  'the',
  'a',
  'an',
  'of',
  'for',
  'to',
  'in',
  'on',
  'with',
  'at',
  'by',
  'from',
  'is',
  'be',
  'as',
  'our',
  'we',
  'you',
]);

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
  applicationStatus: ApplicationStatus | null;
}

/**
 * A reason behind a score, as data: the web app words it through its translations; emails through
 * `reasonText` in the recipient's language. Invitations keep the reasons as data for that.
 */

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

const STATUS_WORDS: Record<Locale, Record<ApplicationStatus, string>> = {
  en: {
    submitted: 'submitted',
    under_review: 'under review',
    shortlisted: 'shortlisted',
    accepted: 'accepted',
    rejected: 'not selected',
    withdrawn: 'withdrawn',
  },
  ar: {
    submitted: 'مُرسَل',
    under_review: 'قيد المراجعة',
    shortlisted: 'في القائمة المختصرة',
    accepted: 'مقبول',
    rejected: 'لم يتم اختياره',
    withdrawn: 'مسحوب',
  },
};

/** The wording of a reason in an email, in the recipient's language (the web app words them through its catalogue). */
export function reasonText(r: Reason, locale: Locale = 'en'): string {
  return locale === 'ar' ? arabicReason(r) : englishReason(r);
}

function englishReason(r: Reason): string {
  switch (r.code) {
    case 'skills-match':
      return `${r.matched} of ${r.wanted} skills match (${r.skills})`;
    case 'skills-none':
      return `None of the ${r.wanted} skills match`;
    case 'no-skills-listed':
      return 'The project lists no skills';
    case 'text':
      return `Profile text relevant (${r.points} of ${r.of} points)`;
    case 'assessment':
      return `Assessment ${r.score}/100`;
    case 'no-assessment':
      return 'No assessment yet';
    case 'graduates':
      return `Graduates in ${r.year}`;
    case 'busy':
      return 'Already accepted on another open project';
    case 'applied':
      return `Applied (${STATUS_WORDS.en[r.status]})`;
    case 'posted':
      return `Posted ${r.date}`;
    case 'already-applied':
      return 'Already applied';
  }
}

function arabicReason(r: Reason): string {
  switch (r.code) {
    case 'skills-match':
      return `تتطابق ${r.matched} من أصل ${r.wanted} من المهارات المطلوبة (${r.skills})`;
    case 'skills-none':
      return `لا تتطابق أيٌّ من المهارات المطلوبة (${r.wanted})`;
    case 'no-skills-listed':
      return 'لا يذكر المشروع أي مهارات';
    case 'text':
      return `ملفك الشخصي مرتبط بالمشروع (${r.points} من ${r.of} نقطة)`;
    case 'assessment':
      return `التقييم ${r.score}/100`;
    case 'no-assessment':
      return 'لم يُجرَ التقييم بعد';
    case 'graduates':
      return `يتخرّج في ${r.year}`;
    case 'busy':
      return 'مقبول بالفعل في مشروع مفتوح آخر';
    case 'applied':
      return `تقدّم بطلب (${STATUS_WORDS.ar[r.status]})`;
    case 'posted':
      return `نُشر في ${r.date}`;
    case 'already-applied':
      return 'تقدّم بالفعل';
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
  if (f.school) filters.push(sql`and u.school ilike ${containsPattern(f.school)}`);
  if (f.graduationYear) filters.push(sql`and u.graduation_year = ${f.graduationYear}`);
  if (f.notApplied) filters.push(sql`and ap.id is null`);
  const W = STUDENT_WEIGHTS;
  const busy = (alias: string) => sql`exists (
      select 1 from applications b join projects bp on bp.id = b.project_id
       where b.student_id = ${sql.ref(`${alias}.id`)} and b.status = 'accepted' and bp.status = 'open')`;
  const onlyOne = only ? sql`and s.id = ${only}` : sql``;
  // Availability is worth 0 or W.availability points and is the costly part (a lookup per student), so it is
  // checked only where it can matter: for students whose other points could reach the requested page,
  // and, for the total, for those just under the minimum score.
  return sql<CandidateRow>`
    with proj as materialized (
      select p.id, lower_skills(p.skills) as skills from projects p where p.id = ${projectId}
    ), q as materialized (
      select case when ${query} = '' then null else to_tsquery('simple', ${query}) end as q
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
        left join applications ap on ap.project_id = ${projectId}::uuid and ap.student_id = u.id
        left join invitations inv on inv.project_id = ${projectId}::uuid and inv.student_id = u.id
       where u.user_type = 'student' and u.active and u.email_verified_at is not null
         ${sql.join(filters, sql` `)}
    ), parts as (
      select cand.*,
             case when wanted = 0 then 0 else ${n(W.skills)}.0 * cardinality(matched_skills) / wanted end as skill_pts,
             case when max(rank) over () > 0 then ${n(W.text)}.0 * rank / max(rank) over () else 0 end as text_pts,
             ${n(W.assessment)}.0 * coalesce(overall, 0) / 100 as assessment_pts,
             case when graduation_year is null then 0
                  else greatest(0, ${n(W.graduation)} - 3 * abs(graduation_year - (extract(year from now())::int + 1))) end as grad_pts
        from cand
    ), scored as materialized (
      select parts.*, skill_pts + text_pts + assessment_pts + grad_pts as base from parts
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
    with q as (select to_tsquery('simple', ${query}) as q),
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
