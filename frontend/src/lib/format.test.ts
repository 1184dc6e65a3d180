import { describe, expect, it } from 'vitest';
import { closesIn, closingInstant, formatDate, formatDateTime, setTimeZone } from './format';

// Read in UTC whatever the machine's zone (Node applies a changed TZ at once).
process.env.TZ = 'UTC';
const at = (iso: string) => new Date(iso).getTime();

describe('closesIn: how soon applications close, in the reader’s words and calendar', () => {
  it('counts to the end of the deadline day (UTC), as the api closes it', () => {
    expect(new Date(closingInstant('2026-11-25')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });

  it('says days while a day or more is left, hours on the last day, nothing once closed', () => {
    expect(closesIn('2026-11-25', at('2026-11-23T21:00:00Z'))).toBe('in 2 days');
    expect(closesIn('2026-11-25', at('2026-11-24T08:00:00Z'))).toBe('tomorrow');
    expect(closesIn('2026-11-25', at('2026-11-25T19:30:00Z'))).toBe('in 5 hours');
    expect(closesIn('2026-11-25', at('2026-11-25T23:59:00Z'))).toBe('in 1 hour');
    expect(closesIn('2026-11-25', at('2026-11-26T00:00:00Z'))).toBeUndefined();
  });

  it('counts in the reader’s calendar: in Dubai (UTC+4) it closes at 04:00 the next morning', () => {
    // The zone the api renders a Dubai visitor's page in (src/entry-server.tsx), as their browser counts.
    setTimeZone('Asia/Dubai');
    try {
      // 01:00 on the 24th in Dubai; applications close at 04:00 on the 26th, Dubai time.
      expect(closesIn('2026-11-25', at('2026-11-23T21:00:00Z'))).toBe('in 2 days');
      // 01:00 on the 26th in Dubai: three hours left.
      expect(closesIn('2026-11-25', at('2026-11-25T21:00:00Z'))).toBe('in 3 hours');
    } finally {
      setTimeZone(undefined);
    }
  });
});

describe('dates in the reader’s time zone', () => {
  it('shows an instant in the zone set for a render, and a calendar day as it is everywhere', () => {
    expect(formatDateTime('2026-11-20T22:30:00Z')).toBe('20 Nov 2026, 22:30');
    setTimeZone('Asia/Dubai');
    try {
      expect(formatDateTime('2026-11-20T22:30:00Z')).toBe('21 Nov 2026, 02:30');
      expect(formatDate('2026-11-20T22:30:00Z')).toBe('21 Nov 2026');
      expect(formatDate('2026-11-20')).toBe('20 Nov 2026');
      setTimeZone('America/New_York');
      expect(formatDate('2026-11-20')).toBe('20 Nov 2026');
    } finally {
      setTimeZone(undefined);
    }
  });
});
