import { describe, expect, it } from '@jest/globals';
import { iso } from './sql.js';

describe('iso', () => {
  it('rewrites PostgreSQL UTC timestamps exactly as Date would', () => {
    for (const text of [
      '2026-11-20 05:48:24.620842+00',
      '2026-11-20 05:48:24.62+00',
      '2026-11-20 05:48:24.6+00',
      '2026-11-20 05:48:24+00',
      '1999-12-31 23:59:59.999999+00',
      '2024-02-29 00:00:00.000001+00',
    ]) {
      expect(iso(text)).toBe(new Date(text).toISOString());
    }
  });

  it('leaves other zones and Dates to Date', () => {
    expect(iso('2026-11-20 07:48:24.620842+02')).toBe('2026-11-20T05:48:24.620Z');
    expect(iso('2026-11-20T05:48:24.620842+00:00')).toBe('2026-11-20T05:48:24.620Z');
    expect(iso(new Date(Date.UTC(2026, 10, 20, 5, 48, 24, 620)))).toBe('2026-11-20T05:48:24.620Z');
  });
});
