import { z } from 'zod';
import { BIO_MAX, COMPANY_ABOUT_MAX, COMPANY_SIZES } from './values.js';
import { Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { StoredFile } from './files.js';
import { UserEnvelope } from './identity.js';

export { BIO_MAX, COMPANY_ABOUT_MAX, COMPANY_SIZES } from './values.js';

/** A suggested skill: the value stored (canonical, English) and its label in the reader's language. */
export const SkillOption = z.strictObject({ value: z.string(), label: z.string() });
export type SkillOption = z.output<typeof SkillOption>;

/** Spec §5: the current year and the next 9. */
export const graduationYears = (now = new Date()) => Array.from({ length: 10 }, (_, i) => now.getFullYear() + i);

export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{6,22}$/;
export const LINKEDIN_PATTERN = /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/(in|pub)\/[a-z0-9_%-]+\/?$/i;
/** An optional text field: empty means "not given". */
const optional = (s: z.ZodType<string, string>) => s.optional().or(z.literal('').transform(() => undefined));
/** A LinkedIn address as people paste it: `linkedin.com/in/…` or `www.linkedin.com/…` gets its `https://`; `http://` becomes `https://`. */
const withHttps = (v: string) =>
  v.replace(/^http:\/\//i, 'https://').replace(/^(?!https:\/\/)(?=([a-z]{2,3}\.)?linkedin\.com\/)/i, 'https://');
/** Optional free text up to `max` characters: blank means "not given". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'too-long')
    .transform((v) => v || undefined)
    .optional();

export const StudentInfoBody = z.strictObject({
  school: z.string().trim().min(1, 'required').max(150, 'too-long'),
  graduationYear: z
    .number('required')
    .int()
    .refine((y) => graduationYears().includes(y), 'graduation-year-out-of-range'),
  whatsapp: optional(z.string().trim().max(25, 'too-long').regex(PHONE_PATTERN, 'invalid-phone')),
  linkedin: optional(
    z.string().trim().max(200, 'too-long').transform(withHttps).pipe(z.string().regex(LINKEDIN_PATTERN, 'invalid-linkedin-url')),
  ),
});

/** A student's skills: 1–15, each at most 40 characters, duplicates dropped. */
const Skills = z
  .array(z.string().trim().min(1).max(40))
  .min(1, 'pick-at-least-one-skill')
  .max(15, 'at-most-15-skills')
  .transform((s) => [...new Set(s)]);

export const CompanySize = z.enum(COMPANY_SIZES);
export type CompanySize = z.output<typeof CompanySize>;

/** A web address: http(s), a dotted host name, an optional port, path, query. */
export const WEBSITE_PATTERN = /^https?:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/;

/**
 * A student's profile, editable at any time: the student info form's fields, a short bio, and the
 * skills (kept with the assessment, so only once it is taken; left as they are when not sent).
 */
export const StudentProfileBody = StudentInfoBody.extend({
  bio: optionalText(BIO_MAX),
  skills: Skills.optional(),
});

export const StudentProfile = z.strictObject({
  school: z.string().optional(),
  graduationYear: z.number().int().optional(),
  whatsapp: z.string().optional(),
  linkedin: z.string().optional(),
  bio: z.string().optional(),
  skills: z.array(z.string()),
  /** Skills can be edited once the assessment is taken. */
  assessmentTaken: z.boolean(),
  /** The CV kept on the profile, offered when applying. */
  cv: StoredFile.nullable(),
});
export type StudentProfile = z.output<typeof StudentProfile>;

/** One of the student's own uploaded PDFs becomes the profile's CV. */
export const ProfileCvBody = z.strictObject({ fileId: z.uuid() });

/** What students read about a company on its project pages; every field may be empty. */
export const CompanyProfile = z.strictObject({
  about: z.string().optional(),
  website: z.string().optional(),
  location: z.string().optional(),
  size: CompanySize.optional(),
});
export type CompanyProfile = z.output<typeof CompanyProfile>;

export const CompanyProfileBody = z.strictObject({
  about: optionalText(COMPANY_ABOUT_MAX),
  website: optional(z.string().trim().max(200, 'too-long').regex(WEBSITE_PATTERN, 'invalid-url')),
  location: optionalText(120),
  size: CompanySize.optional(),
});

export const ASSESSMENT_CATEGORIES = ['problemSolving', 'communication', 'technical', 'teamwork'] as const;
export const AssessmentCategory = z.enum(ASSESSMENT_CATEGORIES);
export type AssessmentCategory = z.output<typeof AssessmentCategory>;

/** Answers by question id; which questions exist (and that every one is answered) is the server's bank. */
export const AssessmentBody = z.strictObject({
  version: z.number().int(),
  answers: z.record(z.string().max(10), z.string().max(10)).refine((a) => Object.keys(a).length <= 50, 'too-many-answers'),
  skills: Skills,
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
    access: 'public',
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
    access: ['student'],
    body: StudentInfoBody,
    response: UserEnvelope,
    summary: 'Save the student info form; completes onboarding',
  }),
  completeCompany: endpoint({
    method: 'POST',
    path: '/onboarding/company/complete',
    tag: 'onboarding',
    status: 200,
    access: ['startup'],
    response: UserEnvelope,
    summary: 'Finish the company step (after booking a call); completes onboarding',
  }),
  assessment: endpoint({
    method: 'GET',
    path: '/onboarding/assessment',
    tag: 'onboarding',
    status: 200,
    access: ['student'],
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
    access: ['student'],
    errors: { 409: ['assessment-outdated'] },
    body: AssessmentBody,
    response: z.strictObject({ result: AssessmentResult }),
    summary: 'Submit answers and skills; scored on the server',
  }),
  studentProfile: endpoint({
    method: 'GET',
    path: '/profile/student',
    tag: 'profiles',
    status: 200,
    access: ['student'],
    response: StudentProfile,
    summary: 'Your student profile: info, bio, skills, and the CV kept on it',
  }),
  saveStudentProfile: endpoint({
    method: 'PUT',
    path: '/profile/student',
    tag: 'profiles',
    status: 200,
    access: ['student'],
    errors: { 409: ['assessment-required'] },
    body: StudentProfileBody,
    response: StudentProfile,
    summary: 'Save your student profile (skills only once the assessment is taken; kept when not sent)',
  }),
  setProfileCv: endpoint({
    method: 'PUT',
    path: '/profile/student/cv',
    tag: 'profiles',
    status: 200,
    access: ['student'],
    errors: { 403: ['unauthorized'], 404: ['object-not-found'], 415: ['invalid-format'] },
    body: ProfileCvBody,
    response: StudentProfile,
    summary:
      'Keep one of your uploaded PDFs as the profile CV (the one it replaces is deleted unless it was sent with an application)',
  }),
  removeProfileCv: endpoint({
    method: 'DELETE',
    path: '/profile/student/cv',
    tag: 'profiles',
    status: 200,
    access: ['student'],
    response: StudentProfile,
    summary: 'Take the CV off your profile (the file is deleted unless it was sent with an application)',
  }),
  companyProfile: endpoint({
    method: 'GET',
    path: '/profile/company',
    tag: 'profiles',
    status: 200,
    access: ['startup'],
    response: CompanyProfile,
    summary: "Your company's profile, as students read it on your project pages",
  }),
  saveCompanyProfile: endpoint({
    method: 'PUT',
    path: '/profile/company',
    tag: 'profiles',
    status: 200,
    access: ['startup'],
    body: CompanyProfileBody,
    response: CompanyProfile,
    summary: "Save your company's profile (about, website, location, size); a field left out is cleared",
  }),
};
