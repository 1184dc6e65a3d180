/**
 * The language this browser should show, decided before any of the app's code loads (src/main.tsx
 * needs it to know whether a prerendered page can be hydrated): no i18next here.
 */
import { LANGUAGE_COOKIE, isLocale, localeFromAcceptLanguage, type Locale } from '@mashrou/contracts/locale';

export { LANGUAGE_COOKIE, isLocale };

/** Where the visitor's choice is kept before (and besides) the account's `locale`. */
export const LANGUAGE_STORAGE_KEY = 'mashrou.lang';

/**
 * The visitor's choice (kept in storage, or in the cookie the server also reads), else the best of the
 * browser's languages, else English: the same answer the server gave when it chose the page's language.
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
  return localeFromAcceptLanguage(navigator.languages.join(','));
}
