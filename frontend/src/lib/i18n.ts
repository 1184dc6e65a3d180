import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, isRtl, type Locale } from '@mashrou/contracts/locale';
import enPublic from '../locales/en.json?part=public';
import type en from '../locales/en.json';
import type { Area } from '../locales/areas';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, isLocale } from './preferred-language';

export { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, preferredLanguage } from './preferred-language';

export { LOCALES, isRtl, type Locale };

export type { Area };
type Part = 'public' | 'app' | Area;

type Texts = Record<string, unknown>;
type Load = () => Promise<Texts>;
/** Vite's loaders of one part of every catalogue (`src/locales/<lang>.json`), by file. */
type ByFile = Record<string, Load>;

/**
 * Each language's catalogue in parts (catalogue-parts.ts): the public pages' texts, the signed-in
 * app's, and those only a few of its screens read (src/locales/areas.ts). Only English's public part
 * ships with the first code; the rest loads when needed. (A query of its own per part: Vite needs each
 * written out.)
 */
const PARTS: Record<Part, ByFile> = {
  // English's public texts are imported above, with the first code.
  public: import.meta.glob<Texts>(['../locales/*.json', '!../locales/en.json'], { query: '?part=public', import: 'default' }),
  app: import.meta.glob<Texts>('../locales/*.json', { query: '?part=app', import: 'default' }),
  adminHome: import.meta.glob<Texts>('../locales/*.json', { query: '?part=adminHome', import: 'default' }),
  admin: import.meta.glob<Texts>('../locales/*.json', { query: '?part=admin', import: 'default' }),
  settings: import.meta.glob<Texts>('../locales/*.json', { query: '?part=settings', import: 'default' }),
  portfolio: import.meta.glob<Texts>('../locales/*.json', { query: '?part=portfolio', import: 'default' }),
  verify: import.meta.glob<Texts>('../locales/*.json', { query: '?part=verify', import: 'default' }),
  unsubscribe: import.meta.glob<Texts>('../locales/*.json', { query: '?part=unsubscribe', import: 'default' }),
  accountDeleted: import.meta.glob<Texts>('../locales/*.json', { query: '?part=accountDeleted', import: 'default' }),
  workspace: import.meta.glob<Texts>('../locales/*.json', { query: '?part=workspace', import: 'default' }),
  student: import.meta.glob<Texts>('../locales/*.json', { query: '?part=student', import: 'default' }),
  inbox: import.meta.glob<Texts>('../locales/*.json', { query: '?part=inbox', import: 'default' }),
  projectForm: import.meta.glob<Texts>('../locales/*.json', { query: '?part=projectForm', import: 'default' }),
};

/** A part of a language's catalogue (English's public texts are in the first code already). */
function loadTexts(locale: Locale, part: Part): Promise<Texts> {
  if (locale === 'en' && part === 'public') return Promise.resolve(enPublic);
  const load = PARTS[part][`../locales/${locale}.json`];
  return load ? load() : Promise.reject(new Error(`no catalogue part ${part} for ${locale}`));
}
const loaded = new Map<string, Promise<void>>();
/** The parts besides the public one that a screen opened so far reads: a new language loads them too. */
const wanted = new Set<Part>();

/** A part in the language shown and in English (the fallback). */
const loadShownAndEnglish = (locale: Locale, part: Part) => [loadPart('en', part), loadPart(locale, part)];

function loadPart(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}:${part}`;
  let done = loaded.get(key);
  if (!done) {
    done = loadTexts(locale, part).then((texts) => {
      // Merged deeply: an area's parts of a section (`market.browse`) join the section the app's part
      // brought, in whichever order they arrive (i18next copies what it is given).
      i18n.addResourceBundle(locale, 'translation', texts, true, true);
    });
    // A failed load (offline) may be tried again.
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

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

/** Loads a language's texts (once) so that switching to it renders at once. */
export async function loadLanguage(locale: Locale) {
  await Promise.all([loadPart(locale, 'public'), ...[...wanted].flatMap((part) => loadShownAndEnglish(locale, part))]);
}

/**
 * The signed-in app's texts and those of `areas`, in the language shown and in English (the
 * fallback): every screen outside the public pages awaits this before it renders (the router's lazy
 * routes, sign-up's onboarding step); a screen that reads an area's texts names it.
 */
export async function loadAppTexts(...areas: Area[]) {
  const parts: Part[] = ['app', ...areas];
  parts.forEach((part) => wanted.add(part));
  await Promise.all(parts.flatMap((part) => loadShownAndEnglish(currentLanguage(), part)));
}

/**
 * Shows the app in `locale`: loads its catalogue, switches every text, sets `lang` and `dir` on the
 * document and, unless `remember` is false, keeps the choice in this browser.
 */
export async function setLanguage(locale: Locale, options: { remember?: boolean } = {}) {
  await loadLanguage(locale);
  await i18n.changeLanguage(locale);
  // A screen that began loading its texts meanwhile asked for them in the language shown then: its
  // parts in this one too (what is loaded already is not asked again).
  await loadLanguage(locale);
  applyToDocument(locale);
  if (options.remember !== false && typeof window !== 'undefined') remember(locale);
}

/** One translation layer for every text a user reads. English is always loaded (the fallback). */
void i18n.use(initReactI18next).init({
  // A copy: adding the app's texts later must not change the imported module's object.
  resources: { en: { translation: { ...enPublic } } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
});
// English's public texts are in from the start (above): loading them is nothing to do.
loaded.set('en:public', Promise.resolve());

/** The language the app currently shows. */
export const currentLanguage = (): Locale => (isLocale(i18n.language) ? i18n.language : 'en');

type Leaves<T, Prefix extends string> = T extends string | readonly unknown[]
  ? Prefix
  : { [K in keyof T & string]: Leaves<T[K], Prefix extends '' ? K : `${Prefix}.${K}`> }[keyof T & string];

/** A text of the English catalogue, by its dotted path (`signin.errors.network`). */
export type TranslationKey = Leaves<typeof en, ''>;

export default i18n;
