import { INTL_LOCALES, type Locale } from '@mashrou/contracts';

const dateTimes = new Map<Locale, Intl.DateTimeFormat>();

/** "23 Nov 2026, 14:05 UTC" in the reader's language (emails have no time zone of the reader: UTC, said so). */
export function formatDateTime(at: Date, locale: Locale = 'en'): string {
  let f = dateTimes.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
      hourCycle: 'h23',
    });
    dateTimes.set(locale, f);
  }
  return `${f.format(at)} UTC`;
}
