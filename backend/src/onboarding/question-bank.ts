/**
 * The skills assessment, kept in code and versioned: a stored result names the version it was
 * scored with. Change questions only by adding a new version.
 */
import { ASSESSMENT_CATEGORIES, type AssessmentCategory, type Locale } from '@mashrou/contracts';
import { QUESTIONS_AR, SKILL_LABELS_AR } from './question-bank.ar.js';

export interface Question {
  id: string;
  category: AssessmentCategory;
  prompt: string;
  options: { id: string; label: string }[];
  /** Points per option id (0–2): the best answer scores 2, a reasonable one 1. */
  points: Record<string, number>;
}

const q = (id: string, category: AssessmentCategory, prompt: string, options: [string, string, number][]): Question => ({
  id,
  category,
  prompt,
  options: options.map(([oid, label]) => ({ id: oid, label })),
  points: Object.fromEntries(options.map(([oid, , pts]) => [oid, pts])),
});

export const ASSESSMENT_VERSION = 1;

export const QUESTIONS: Question[] = [
  q(
    'ps1',
    'problemSolving',
    'A task you were given turns out to be much bigger than expected, two days before the deadline. What do you do first?',
    [
      ['a', 'Work through the night to finish everything', 0],
      ['b', 'Tell the project lead, propose what can be delivered in time and what can follow', 2],
      ['c', 'Deliver what you have without saying anything', 0],
      ['d', 'Split the task and start on the easiest parts', 1],
    ],
  ),
  q('ps2', 'problemSolving', 'A sequence goes 2, 6, 12, 20, 30, … What comes next?', [
    ['a', '40', 0],
    ['b', '42', 2],
    ['c', '44', 0],
    ['d', '36', 0],
  ]),
  q('ps3', 'problemSolving', 'Sign-ups on a website dropped by half last week. Which is the best first step?', [
    ['a', 'Redesign the sign-up page', 0],
    ['b', 'Check what changed last week and look at where in the sign-up people stop', 2],
    ['c', 'Spend more on advertising', 0],
    ['d', 'Ask a few friends what they think of the site', 1],
  ]),
  q('co1', 'communication', 'You need a decision from a busy manager. How do you write the message?', [
    ['a', 'A detailed report with all the background first', 0],
    ['b', 'The decision needed and the options in the first lines, details below', 2],
    ['c', 'A short “can we talk?” with no context', 0],
    ['d', 'A list of questions to answer', 1],
  ]),
  q('co2', 'communication', 'A client gives feedback you disagree with. What is the best reply?', [
    ['a', 'Apply it without comment', 0],
    ['b', 'Thank them, explain your reasoning with evidence, and agree on a way forward', 2],
    ['c', 'Ignore it', 0],
    ['d', 'Ask your lead to answer for you', 1],
  ]),
  q('te1', 'technical', 'Which of these is the best way to keep several versions of your work and collaborate on it?', [
    ['a', 'Email files named final_v2_really_final', 0],
    ['b', 'A version control system such as Git', 2],
    ['c', 'A shared folder everyone overwrites', 0],
    ['d', 'One copy on a USB stick', 0],
  ]),
  q('te2', 'technical', 'A spreadsheet must compute the average of column B only where column A says “Paid”. Which do you use?', [
    ['a', 'SUM(B:B)', 0],
    ['b', 'AVERAGEIF(A:A, "Paid", B:B)', 2],
    ['c', 'COUNT(B:B)', 0],
    ['d', 'Do it by hand', 0],
  ]),
  q('te3', 'technical', 'A web page loads slowly on mobile. What would you check first?', [
    ['a', 'The size of images and scripts it downloads', 2],
    ['b', 'The colour scheme', 0],
    ['c', 'The font sizes', 0],
    ['d', 'Whether the phone is new enough', 1],
  ]),
  q('tw1', 'teamwork', 'A teammate keeps missing deadlines, which delays your part. What do you do?', [
    ['a', 'Do their part yourself without telling anyone', 0],
    ['b', 'Talk to them privately, understand why, and agree on a plan; involve the lead if it continues', 2],
    ['c', 'Complain to the rest of the team', 0],
    ['d', 'Tell the lead straight away', 1],
  ]),
  q('tw2', 'teamwork', 'Your team disagrees on which approach to take. What helps most?', [
    ['a', 'Go with whoever talks loudest', 0],
    ['b', 'Agree on what success looks like, compare the options against it, then decide', 2],
    ['c', 'Let everyone do it their own way', 0],
    ['d', 'Vote immediately', 1],
  ]),
];

/**
 * The skills offered as suggestions, by their canonical (stored) English value, in the order offered:
 * the keys of their Arabic labels, so none can be without one.
 */
export const SUGGESTED_SKILLS = Object.keys(SKILL_LABELS_AR) as (keyof typeof SKILL_LABELS_AR)[];

/** The suggested skills with their labels in each language (the value is what is stored). */
export const SUGGESTED_SKILL_LABELS = SUGGESTED_SKILLS.map((value) => ({
  value,
  label: { en: value, ar: SKILL_LABELS_AR[value] },
}));

/** The suggested skills as options in a language (English by default): the stored value and its label. */
export const suggestedSkillOptions = (locale: Locale = 'en') =>
  SUGGESTED_SKILL_LABELS.map(({ value, label }) => ({ value, label: label[locale] }));

/** What is wrong with a set of answers for this bank (a question it does not have, one left out). */
export function answerProblems(answers: Record<string, string>): string[] {
  const ids = new Set(QUESTIONS.map((q) => q.id));
  const problems: string[] = [];
  if (Object.keys(answers).some((k) => !ids.has(k))) problems.push('unknown-question');
  if (!QUESTIONS.every((q) => answers[q.id] !== undefined && q.options.some((o) => o.id === answers[q.id])))
    problems.push('answer-every-question');
  return problems;
}

/** Scores answers on the server: per category and overall, as percentages. */
export function scoreAnswers(answers: Record<string, string>) {
  const got: Record<string, number> = {};
  const max: Record<string, number> = {};
  for (const question of QUESTIONS) {
    max[question.category] = (max[question.category] ?? 0) + 2;
    const answer = answers[question.id];
    got[question.category] = (got[question.category] ?? 0) + (answer === undefined ? 0 : (question.points[answer] ?? 0));
  }
  const scores = Object.fromEntries(
    ASSESSMENT_CATEGORIES.map((c) => [c, Math.round((100 * (got[c] ?? 0)) / (max[c] ?? 1))]),
  ) as Record<AssessmentCategory, number>;
  const overall = Math.round(ASSESSMENT_CATEGORIES.reduce((s, c) => s + scores[c], 0) / ASSESSMENT_CATEGORIES.length);
  return { scores, overall };
}

/** The questions as the client sees them, in a language (English by default): no points. */
export function publicQuestions(locale: Locale = 'en') {
  if (locale === 'en') return QUESTIONS.map(({ id, category, prompt, options }) => ({ id, category, prompt, options }));
  return QUESTIONS.map(({ id, category, prompt, options }) => {
    const ar = QUESTIONS_AR[id];
    return {
      id,
      category,
      prompt: ar?.prompt ?? prompt,
      options: options.map((o) => ({ id: o.id, label: ar?.options[o.id] ?? o.label })),
    };
  });
}
