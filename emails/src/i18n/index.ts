import type { EmailCatalogue, Locale } from './catalogue.js';
import { en } from './en.js';
import { ar } from './ar.js';

export type { ApplicantNoticeTexts, EmailCatalogue, Locale, NoticeKind } from './catalogue.js';

const catalogues: Record<Locale, EmailCatalogue> = { en, ar };

/** The texts of the emails in a language (English when none is given, or one we do not have). */
export const emailText = (locale: Locale = 'en'): EmailCatalogue => (Object.hasOwn(catalogues, locale) ? catalogues[locale] : en);
