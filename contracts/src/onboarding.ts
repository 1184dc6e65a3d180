import { z } from 'zod';
import { Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { UserEnvelope } from './identity.js';

/** A suggested skill: the value stored (canonical, English) and its label in the reader's language. */
export const SkillOption = z.strictObject({ value: z.string(), label: z.string() });
export type SkillOption = z.output<typeof SkillOption>;

/** Spec §5: the current year and the next 9. */
export const graduationYears = (now = new Date()) => Array.from({ length: 10 }, (_, i) => now.getFullYear() + i);

export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{6,22}$/;
export const LINKEDIN_PATTERN = /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/(in|pub)\/[A-Za-z0-9_%-]+\/?$/;
/** An optional text field: empty means "not given". */
const optional = (s: z.ZodString) => s.optional().or(z.literal('').transform(() => undefined));

export const StudentInfoBody = z.strictObject({
  school: z.string().trim().min(1, 'required').max(150, 'too-long'),
  graduationYear: z
    .number('required')
    .int()
    .refine((y) => graduationYears().includes(y), 'graduation-year-out-of-range'),
  whatsapp: optional(z.string().trim().max(25, 'too-long').regex(PHONE_PATTERN, 'invalid-phone')),
  linkedin: optional(z.string().trim().max(200, 'too-long').regex(LINKEDIN_PATTERN, 'invalid-linkedin-url')),
});

export const ASSESSMENT_CATEGORIES = ['problemSolving', 'communication', 'technical', 'teamwork'] as const;
export const AssessmentCategory = z.enum(ASSESSMENT_CATEGORIES);
export type AssessmentCategory = z.output<typeof AssessmentCategory>;

/** Answers by question id; which questions exist (and that every one is answered) is the server's bank. */
export const AssessmentBody = z.strictObject({
  version: z.number().int(),
  answers: z.record(z.string().max(10), z.string().max(10)).refine((a) => Object.keys(a).length <= 50, 'too-many-answers'),
  skills: z
    .array(z.string().trim().min(1).max(40))
    .min(1, 'pick-at-least-one-skill')
    .max(15, 'at-most-15-skills')
    .transform((s) => [...new Set(s)]),
});

export const AssessmentResult = z.strictObject({
  scores: z.partialRecord(AssessmentCategory, z.number()),
  overall: z.number().int().min(0).max(100),
  skills: z.array(z.string()),
  completedAt: Timestamp,
});
export type AssessmentResult = z.output<typeof AssessmentResult>;

export const AssessmentQuestion = z.strictObject({
  id: z.string(),
  category: AssessmentCategory,
  prompt: z.string(),
  options: z.array(z.strictObject({ id: z.string(), label: z.string() })),
});

export const onboarding = {
  options: endpoint({
    method: 'GET',
    path: '/onboarding/options',
    tag: 'onboarding',
    status: 200,
    response: z.strictObject({
      graduationYears: z.array(z.number().int()),
      bookingUrl: z.url(),
      suggestedSkills: z.array(SkillOption),
    }),
    summary:
      'What the onboarding forms offer: graduation years, the booking link, suggested skills (labels in the Accept-Language)',
  }),
  saveStudentInfo: endpoint({
    method: 'PUT',
    path: '/onboarding/student',
    tag: 'onboarding',
    status: 200,
    body: StudentInfoBody,
    response: UserEnvelope,
    summary: 'Save the student info form; completes onboarding',
  }),
  completeCompany: endpoint({
    method: 'POST',
    path: '/onboarding/company/complete',
    tag: 'onboarding',
    status: 200,
    response: UserEnvelope,
    summary: 'Finish the company step (after booking a call); completes onboarding',
  }),
  assessment: endpoint({
    method: 'GET',
    path: '/onboarding/assessment',
    tag: 'onboarding',
    status: 200,
    response: z.strictObject({
      version: z.number().int(),
      categories: z.array(AssessmentCategory),
      questions: z.array(AssessmentQuestion),
      suggestedSkills: z.array(SkillOption),
      result: AssessmentResult.nullable(),
    }),
    summary: 'The assessment questions (in the Accept-Language) and, if taken, your result',
  }),
  submitAssessment: endpoint({
    method: 'POST',
    path: '/onboarding/assessment',
    tag: 'onboarding',
    status: 200,
    body: AssessmentBody,
    response: z.strictObject({ result: AssessmentResult }),
    summary: 'Submit answers and skills; scored on the server',
  }),
};
