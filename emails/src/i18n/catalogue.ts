import type { en } from './en.js';

/** The languages an email can be written in. */
export type Locale = 'en' | 'ar';

/** What a company's email about one of its projects says: closed on its deadline, or closed, reopened or corrected by an admin. */
export type NoticeKind = 'deadline' | 'closed' | 'reopened' | 'edited';

/**
 * Every text of every email, in one language: the shape of the English catalogue. Sentences that carry values are
 * functions returning the sentence as React children, so a language can order the values as it needs; the English ones
 * keep the exact text pieces of the original templates (their HTML stays byte for byte the same).
 */
export type EmailCatalogue = typeof en;

/** The texts of a company's email about one applicant (a new application, a withdrawal). */
export type ApplicantNoticeTexts = EmailCatalogue['applicationWithdrawn'];
