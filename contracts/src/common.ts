import { z } from 'zod';
import { LOCALES } from './locale.js';
import { APPLICATION_STATUSES, ERROR_CODES, PROJECT_STATUSES, USER_TYPES, WORK_MODES } from './values.js';

// ---- enums ---------------------------------------------------------------------------------

export { APPLICATION_STATUSES, COMPANY_STATUSES, ERROR_CODES, PROJECT_STATUSES, USER_TYPES, WORK_MODES } from './values.js';
export const UserType = z.enum(USER_TYPES);
/** The languages of the product (issue 12); plain values in `./locale.ts`, free of zod for the web app's first code. */
export { INTL_LOCALES, LANGUAGE_COOKIE, LOCALES, TIME_ZONE_COOKIE, isLocale, isRtl, localeFromAcceptLanguage } from './locale.js';
export const Locale = z.enum(LOCALES);
export type Locale = z.output<typeof Locale>;
export type UserType = z.output<typeof UserType>;

export const WorkMode = z.enum(WORK_MODES);
export type WorkMode = z.output<typeof WorkMode>;

export const ProjectStatus = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.output<typeof ProjectStatus>;

export const ApplicationStatus = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.output<typeof ApplicationStatus>;

// ---- fields ----------------------------------------------------------------------------------

/** An ISO 8601 timestamp as the api sends it (`2026-11-23T10:00:00.000Z`). */
export const Timestamp = z.iso.datetime();
/** A calendar date, `YYYY-MM-DD`. */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'use-yyyy-mm-dd')
  // A day that exists (not 2026-02-30, which Date.parse rolls over) in a year people plan in.
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d && d >= '1900' && d < '2101';
  }, 'invalid-date');
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
