import { z } from 'zod';
import { QUESTIONS } from './question-bank.js';

/** Spec §5: the current year and the next 9. */
export const graduationYears = (now = new Date()) => Array.from({ length: 10 }, (_, i) => now.getFullYear() + i);

export const StudentInfoBody = z.strictObject({
  school: z.string().trim().min(1, 'required').max(150, 'too-long'),
  graduationYear: z
    .number('required')
    .int()
    .refine((y) => graduationYears().includes(y), 'graduation-year-out-of-range'),
  whatsapp: z
    .string()
    .trim()
    .max(25)
    .regex(/^\+?[0-9][0-9 ()-]{6,22}$/, 'invalid-phone')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  linkedin: z
    .string()
    .trim()
    .max(200)
    .regex(/^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/(in|pub)\/[A-Za-z0-9_%-]+\/?$/, 'invalid-linkedin-url')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

const questionIds = new Set(QUESTIONS.map((q) => q.id));

export const AssessmentBody = z.strictObject({
  version: z.number().int(),
  answers: z
    .record(z.string().max(10), z.string().max(10))
    .refine((a) => Object.keys(a).every((k) => questionIds.has(k)), 'unknown-question')
    .refine((a) => QUESTIONS.every((q) => a[q.id] !== undefined && q.options.some((o) => o.id === a[q.id])), 'answer-every-question'),
  skills: z
    .array(z.string().trim().min(1).max(40))
    .min(1, 'pick-at-least-one-skill')
    .max(15, 'at-most-15-skills')
    .transform((s) => [...new Set(s)]),
});
