/**
 * Dates and numbers in the reader's language, through `Intl` (issue 12). Arabic uses Western digits
 * (`ar-u-nu-latn`), as the catalogue and most MENA products do; the calendar stays Gregorian.
 */
import { INTL_LOCALES } from '@mashrou/contracts/locale';
import { currentLanguage } from './i18n';

type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat;
const cache = new Map<string, Formatter>();

/**
 * The reader's time zone: undefined in the browser (its own); while the api renders a signed-in
 * screen, the visitor's browser's (src/entry-server.tsx), so the page shows the times it will hydrate with.
 */
let timeZone: string | undefined;
export function setTimeZone(zone: string | undefined) {
  timeZone = zone;
}

function formatter<T extends Formatter>(kind: string, make: (locale: string) => T): T {
  const locale = INTL_LOCALES[currentLanguage()];
  const key = `${kind}|${locale}|${timeZone ?? ''}`;
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make(locale);
    cache.set(key, f);
  }
  return f;
}

/** `yyyy-mm-dd`: a calendar day, which has no time zone (shown as it is, wherever the reader is). */
const isCalendarDay = (v: string | Date): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** A date in the reader's zone, or a calendar day as it is (midnight UTC, shown in UTC). */
function dateFormat(kind: string, options: Intl.DateTimeFormatOptions, v: string | Date) {
  const day = isCalendarDay(v);
  const zone = day ? 'UTC' : timeZone;
  return formatter(`${kind}|${zone ?? ''}`, (l) => new Intl.DateTimeFormat(l, { ...options, timeZone: zone })).format(
    day ? new Date(`${v}T00:00:00Z`) : new Date(v),
  );
}

/** "23 Nov 2026" / "٢٣ نوفمبر ٢٠٢٦" (with Western digits). */
export const formatDate = (v: string | Date) => dateFormat('date', { day: 'numeric', month: 'short', year: 'numeric' }, v);

/** "23 Nov 2026, 14:05". */
export const formatDateTime = (v: string | Date) =>
  dateFormat('datetime', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }, v);

/** "23 Nov" (a chart's axis). */
export const formatDay = (v: string | Date) => dateFormat('day', { day: 'numeric', month: 'short' }, v);

/** "12,345". */
export const formatNumber = (n: number) => formatter('number', (l) => new Intl.NumberFormat(l)).format(n);

/** "45%" from 45 (a score out of 100). */
export const formatPercent = (n: number) =>
  formatter('percent', (l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 0 })).format(n / 100);

/**
 * When applications to a project close: the end of its deadline day as the api counts it (UTC), so
 * the same instant everywhere — in the reader's time zone that can be the next morning (04:00 in Dubai).
 */
export const closingInstant = (deadline: string) => new Date(`${deadline}T00:00:00Z`).getTime() + 86_400_000;

/**
 * "in 3 days" / "tomorrow" / "in 5 hours" (`numeric: 'auto'`) until applications close, counted in
 * the reader's calendar days once a day or more is left; undefined once closed.
 */
export function closesIn(deadline: string, now = Date.now()): string | undefined {
  const at = closingInstant(deadline);
  if (at <= now) return undefined;
  const rtf = formatter('rtf', (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
  const hours = Math.ceil((at - now) / 3_600_000);
  if (hours < 24) return rtf.format(hours, 'hour');
  // Calendar days (the reader's, in their zone) from today to the last moment one can apply.
  const parts = formatter(
    'ymd',
    () => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone }),
  );
  const day = (t: number) => {
    const n = Object.fromEntries(parts.formatToParts(t).map((p) => [p.type, Number(p.value)]));
    return Date.UTC(n.year ?? 0, (n.month ?? 1) - 1, n.day ?? 1) / 86_400_000;
  };
  return rtf.format(day(at - 1) - day(now), 'day');
}

/** The closing instant in the reader's language and time zone: "26 Nov 2026, 04:00". */
export const formatClosing = (deadline: string) => formatDateTime(new Date(closingInstant(deadline)));

/** A typical answer time in words, rounded up: "an hour", "5 hours", "a day", "3 days" (the translation's plurals). */
export const answerTime = (t: (key: string, o: { count: number }) => string, hours: number) =>
  hours < 24
    ? t('market.answerHours', { count: Math.max(1, Math.ceil(hours)) })
    : t('market.answerDays', { count: Math.ceil(hours / 24) });

/**
 * A value that keeps its own direction inside a sentence of the other (an email or a number in
 * Arabic text): wrapped in Unicode's first-strong isolate, what `<bdi>` does for an element.
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;
