/**
 * The languages of the product: every screen, email and error text exists in each (issue 12). Plain
 * values with no zod, so the web app's first code can use them (`@mashrou/contracts/locale`).
 */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

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
    const locale = (LOCALES as readonly string[]).includes(primary) ? (primary as Locale) : undefined;
    if (locale && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale ?? 'en';
}
