/**
 * The language this browser should show, decided before any of the app's code loads (src/main.tsx
 * needs it to know whether a prerendered page can be hydrated): no i18next here.
 */
import { LANGUAGE_COOKIE, isLocale, localeFromAcceptLanguage, type Locale } from '@mashrou/contracts/locale';

export { LANGUAGE_COOKIE, isLocale };

/** Where the visitor's choice is kept before (and besides) the account's `locale`. */
export const LANGUAGE_STORAGE_KEY = 'mashrou.lang';

/**
 * The visitor's choice (kept in storage, or in the cookie the server also reads), else the language
 * the server chose for a prerendered page (from the cookie or the browser's `Accept-Language`, which
 * this script may not see: an HttpOnly or header-only cookie, or `navigator.languages` that differ
 * from what the browser sends), else the best of the browser's languages, else English.
 */
export function preferredLanguage(): Locale {
  if (typeof window === 'undefined') return 'en';
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage can be refused (private modes); the cookie and the browser's languages still say something.
  }
  const cookie = new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  if (isLocale(cookie)) return cookie;
  const page = document.getElementById('root');
  if (page?.dataset.prerendered && isLocale(page.dataset.lang)) return page.dataset.lang;
  return localeFromAcceptLanguage(navigator.languages.join(','));
}
