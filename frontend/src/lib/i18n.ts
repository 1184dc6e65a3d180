import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, isRtl, type Locale } from '@mashrou/contracts/locale';
import en from '../locales/en.json';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, isLocale } from './preferred-language';

export { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, preferredLanguage } from './preferred-language';

export { LOCALES, isRtl, type Locale };

/** Each language's catalogue; only English ships with the app's first code, Arabic loads when chosen. */
const CATALOGUES: Record<Locale, () => Promise<{ default: unknown }>> = {
  en: () => Promise.resolve({ default: en }),
  ar: () => import('../locales/ar.json'),
};

/** The document's language and direction (also read by the api client for `Accept-Language`). */
function applyToDocument(locale: Locale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  document.title = i18n.t('meta.title');
}

function remember(locale: Locale) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Not kept across visits then; the cookie below may still be.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** Loads a language's catalogue (once) so that switching to it renders at once. */
export async function loadLanguage(locale: Locale) {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const { default: catalogue } = await CATALOGUES[locale]();
  i18n.addResourceBundle(locale, 'translation', catalogue, true, true);
}

/**
 * Shows the app in `locale`: loads its catalogue, switches every text, sets `lang` and `dir` on the
 * document and, unless `remember` is false, keeps the choice in this browser.
 */
export async function setLanguage(locale: Locale, options: { remember?: boolean } = {}) {
  await loadLanguage(locale);
  await i18n.changeLanguage(locale);
  applyToDocument(locale);
  if (options.remember !== false && typeof window !== 'undefined') remember(locale);
}

/** One translation layer for every text a user reads. English is always loaded (the fallback). */
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The language the app currently shows. */
export const currentLanguage = (): Locale => (isLocale(i18n.language) ? i18n.language : 'en');

type Leaves<T, Prefix extends string> = T extends string | readonly unknown[]
  ? Prefix
  : { [K in keyof T & string]: Leaves<T[K], Prefix extends '' ? K : `${Prefix}.${K}`> }[keyof T & string];

/** A text of the English catalogue, by its dotted path (`signin.errors.network`). */
export type TranslationKey = Leaves<typeof en, ''>;

export default i18n;
