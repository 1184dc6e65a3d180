import type { ApplicationStatus, Reason } from '@mashrou/contracts';

/**
 * The AI Recruitment model: a transparent sum of points, explained on the page. Weights are here,
 * and only here; the SQL in ranking.queries.ts computes each part with them.
 */
export const STUDENT_WEIGHTS = {
  /** Share of the project's skills the student has (from their assessment). */
  skills: 40,
  /** PostgreSQL full-text rank of the student's profile (school, skills) and their motivation for this project, relative to the best candidate. */
  text: 10,
  /** Overall assessment score (0–100) scaled. */
  assessment: 25,
  /** Graduating next year scores highest; each year away costs 3 points. */
  graduation: 10,
  /** Not already accepted on another open project. */
  availability: 5,
  /**
   * Projects completed on Mashrou (half the points, full from RECORD_FULL_AT) and the companies'
   * overall marks of them that show (the other half, 1 → 0 … 5 → full; half of it while none shows).
   */
  record: 10,
} as const;

/** Completed projects that earn the track record's full half. */
export const RECORD_FULL_AT = 3;

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
  /** Engagements completed on Mashrou, and the mean of the companies' marks that show (null: none). */
  completed: number;
  rating: number | null;
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
  if (s.completed > 0)
    out.push(
      s.rating === null
        ? { code: 'record', completed: s.completed }
        : { code: 'record-rated', completed: s.completed, rating: Math.round(s.rating * 10) / 10 },
    );
  if (s.busy) out.push({ code: 'busy' });
  if (s.applicationStatus) out.push({ code: 'applied', status: s.applicationStatus });
  return out;
}
