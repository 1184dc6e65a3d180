/**
 * The language this browser should show, decided before any of the app's code loads (src/main.tsx
 * needs it to know whether a prerendered page can be hydrated): no i18next here.
 */
import { LOCALES, localeFromAcceptLanguage, type Locale } from '@mashrou/contracts/locale';

/** Where the visitor's choice is kept before (and besides) the account's `locale`. */
export const LANGUAGE_STORAGE_KEY = 'mashrou.lang';
/** The same choice as a cookie, so servers answer the prerendered page in that language. */
export const LANGUAGE_COOKIE = 'mashrou_lang';

export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** The visitor's stored choice, else the best of the browser's languages, else English. */
export function preferredLanguage(): Locale {
  if (typeof window === 'undefined') return 'en';
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage can be refused (private modes); the browser's languages still say something.
  }
  return localeFromAcceptLanguage(navigator.languages.join(','));
}
