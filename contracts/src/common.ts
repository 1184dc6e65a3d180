import { z } from 'zod';
import { LOCALES } from './locale.js';
import { PROVIDER_ERROR_CODES } from './provider-outcomes.js';

// ---- enums ---------------------------------------------------------------------------------

/** Spec §6: `startup` covers companies (`company` is accepted on sign-up as an alias). */
export const USER_TYPES = ['student', 'startup', 'admin'] as const;
export const UserType = z.enum(USER_TYPES);
/** The languages of the product (issue 12); plain values in `./locale.ts`, free of zod for the web app's first code. */
export { INTL_LOCALES, LANGUAGE_COOKIE, LOCALES, TIME_ZONE_COOKIE, isLocale, isRtl, localeFromAcceptLanguage } from './locale.js';
export const Locale = z.enum(LOCALES);
export type Locale = z.output<typeof Locale>;
export type UserType = z.output<typeof UserType>;

export const WORK_MODES = ['remote', 'onsite', 'hybrid'] as const;
export const WorkMode = z.enum(WORK_MODES);
export type WorkMode = z.output<typeof WorkMode>;

/** DESIGN §1: pending (awaiting review) → open → closed; or rejected with a reason. */
export const PROJECT_STATUSES = ['pending', 'open', 'closed', 'rejected'] as const;
export const ProjectStatus = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.output<typeof ProjectStatus>;

/** DESIGN §1: submitted → under_review → shortlisted → accepted / rejected; withdrawn by the student. */
export const APPLICATION_STATUSES = ['submitted', 'under_review', 'shortlisted', 'accepted', 'rejected', 'withdrawn'] as const;
export const ApplicationStatus = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.output<typeof ApplicationStatus>;

/** The moves a company may make (the rules live on the server; applicants carry `nextStatuses`). */
export const COMPANY_STATUSES = ['under_review', 'shortlisted', 'accepted', 'rejected'] as const;

// ---- fields ----------------------------------------------------------------------------------

/** An ISO 8601 timestamp as the api sends it (`2026-11-23T10:00:00.000Z`). */
export const Timestamp = z.iso.datetime();
/** A calendar date, `YYYY-MM-DD`. */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'use-yyyy-mm-dd')
  .refine((d) => !Number.isNaN(Date.parse(d)), 'invalid-date');
export const Id = z.uuid();
export const IdParams = z.strictObject({ id: Id });

/** A query-string flag: `true` or `false`. */
export const QueryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A number in a query string (typed for callers as a number or its text). */
export const queryNumber = () => z.coerce.number<number | string>();

export const pageFields = {
  page: queryNumber().int().min(1).max(100_000).default(1),
  pageSize: queryNumber().int().min(1).max(100).default(20),
};
export const PageQuery = z.strictObject(pageFields);

/** Lists: `{ items, total, page, pageSize }` (DESIGN §5). */
export const page = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

// ---- errors ----------------------------------------------------------------------------------

/**
 * Every error code the api answers with. The web app words each one through its translations; it
 * never shows the server's English `message`.
 */
export const ERROR_CODES = [
  // the platform
  'bad-request',
  'malformed-json',
  'invalid-body',
  'unexpected-body',
  'invalid-id',
  'validation-failed',
  'unauthenticated',
  'forbidden',
  'email-not-verified',
  'csrf-check-failed',
  'not-found',
  'method-not-allowed',
  'not-acceptable',
  'conflict',
  'payload-too-large',
  'unsupported-media-type',
  'too-many-requests',
  'internal-error',
  'service-unavailable',
  'busy',
  // accounts
  'email-already-registered',
  'invalid-email',
  'user-not-found',
  'wrong-password',
  'account-deactivated',
  'too-many-attempts',
  'too-many-signups',
  'too-many-codes',
  'too-many-code-attempts',
  'resend-too-soon',
  'invalid-reset-link',
  'invalid-unsubscribe-link',
  'not-a-company',
  'email-unchanged',
  'no-email-change',
  'invalid-code',
  // sign in with Google or LinkedIn
  'no-pending-provider-sign-in',
  ...PROVIDER_ERROR_CODES,
  'provider-not-linked',
  'last-sign-in-method',
  // own data
  'export-in-progress',
  'too-many-exports',
  'export-not-found',
  'export-link-expired',
  // onboarding
  'assessment-outdated',
  'assessment-required',
  // marketplace
  'project-not-found',
  'project-not-editable',
  'project-changed',
  'too-many-projects',
  'too-many-pending-projects',
  'project-not-open',
  'project-not-pending',
  'project-closed',
  'already-applied',
  'application-not-found',
  'invalid-status-change',
  'application-decided',
  'messages-closed',
  'project-not-closed',
  'deadline-passed',
  'company-gone',
  // admin
  'cannot-change-self',
  'last-admin',
  'notification-not-found',
  'already-invited',
  // files (spec §8 storage codes, and ours)
  'object-not-found',
  'unauthorized',
  'quota-exceeded',
  'invalid-argument',
  'invalid-format',
  'file-too-large',
  'file-exists',
  'link-expired',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.output<typeof ErrorCode>;

/** Every error: `{ code, message, details? }` (DESIGN §5). */
export const ErrorBody = z.strictObject({
  code: ErrorCode,
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.output<typeof ErrorBody>;

/** `details` of a 422 `validation-failed`: the messages (codes) per field path. */
export const ValidationDetails = z.strictObject({ fields: z.record(z.string(), z.array(z.string())) });
/** `details` of a 429: how long to wait. */
export const RetryDetails = z.strictObject({ retryAfterSeconds: z.number().int().min(0) });
