/**
 * The languages of the product: every screen, email and error text exists in each (issue 12). Plain
 * values with no zod, so the web app's first code can use them (`@mashrou/contracts/locale`).
 */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** Whether a value is one of our languages. */
export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** The visitor's choice of language as a cookie: set by the web app, read by the servers to pick a page. */
export const LANGUAGE_COOKIE = 'mashrou_lang';

/**
 * The browser's time zone (an IANA name) as a cookie, set by the web app: the api renders a signed-in
 * screen's dates and times in it, as the browser then shows them.
 */
export const TIME_ZONE_COOKIE = 'mashrou_tz';

/** Each language's `Intl` locale (dates, numbers): Arabic with Western digits, as the catalogues write them. */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-GB', ar: 'ar-u-nu-latn' };

/** Whether a language is written right to left. */
export const isRtl = (locale: Locale) => locale === 'ar';

/**
 * The best of our languages for an `Accept-Language` header (`ar-EG,ar;q=0.9,en;q=0.8`): the
 * highest-weighted tag whose primary language we have; English when none is ours.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return 'en';
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.slice(0, 500).split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const locale = isLocale(primary) ? primary : undefined;
    if (locale && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale ?? 'en';
}
