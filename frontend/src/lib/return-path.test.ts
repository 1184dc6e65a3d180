import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInReturningTo } from './return-path';

const ORIGIN = 'https://mashrou.example';

describe('safeReturnPath', () => {
  it('keeps a path of this app, with its query and hash', () => {
    expect(safeReturnPath('/dashboard/settings?export=abc#x', ORIGIN)).toBe('/dashboard/settings?export=abc#x');
    expect(safeReturnPath('/dashboard', ORIGIN)).toBe('/dashboard');
  });

  it('refuses anything that leaves the app or is not a path', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'dashboard',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/api/me/export/download',
      // each resolves to the path //evil.example, another site once followed
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
    ])
      expect(safeReturnPath(raw, ORIGIN)).toBeNull();
  });

  it('the dashboard home needs no return path', () => {
    expect(signInReturningTo('/dashboard')).toBe('/signin');
    expect(signInReturningTo('/dashboard/settings')).toBe('/signin?next=%2Fdashboard%2Fsettings');
  });

  it('round-trips through the sign-in address', () => {
    const next = new URL(signInReturningTo('/dashboard/settings?export=a b'), ORIGIN).searchParams.get('next');
    expect(safeReturnPath(next, ORIGIN)).toBe('/dashboard/settings?export=a%20b');
  });
});
