/**
 * Dates and numbers in the reader's language, through `Intl` (issue 12). Arabic uses Western digits
 * (`ar-u-nu-latn`), as the catalogue and most MENA products do; the calendar stays Gregorian.
 */
import { INTL_LOCALES } from '@mashrou/contracts/locale';
import { currentLanguage } from './i18n';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, make: (locale: string) => T): T {
  const locale = INTL_LOCALES[currentLanguage()];
  const key = `${kind}|${locale}`;
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make(locale);
    cache.set(key, f);
  }
  return f;
}

/** `yyyy-mm-dd` (a calendar day, no time zone) as a local midnight, so the day never shifts. */
const asDate = (v: string | Date) =>
  v instanceof Date ? v : /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00`) : new Date(v);

/** "23 Nov 2026" / "٢٣ نوفمبر ٢٠٢٦" (with Western digits). */
export const formatDate = (v: string | Date) =>
  formatter('date', (l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', year: 'numeric' })).format(asDate(v));

/** "23 Nov 2026, 14:05". */
export const formatDateTime = (v: string | Date) =>
  formatter(
    'datetime',
    (l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
  ).format(asDate(v));

/** "23 Nov" (a chart's axis). */
export const formatDay = (v: string | Date) =>
  formatter('day', (l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short' })).format(asDate(v));

/** "12,345". */
export const formatNumber = (n: number) => formatter('number', (l) => new Intl.NumberFormat(l)).format(n);

/** "45%" from 45 (a score out of 100). */
export const formatPercent = (n: number) =>
  formatter('percent', (l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 0 })).format(n / 100);
