import { describe, expect, it } from '@jest/globals';
import { localeFromAcceptLanguage } from '@mashrou/contracts';

describe('localeFromAcceptLanguage (the language of a new account and of a public page)', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ar', 'ar'],
    ['ar-SA,ar;q=0.9,en-US;q=0.8', 'ar'],
    ['en-US,en;q=0.9,ar;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,ar-EG;q=0.7,en;q=0.6', 'ar'],
    ['fr-FR,de;q=0.5', 'en'],
    ['en;q=0.2, AR-ma;q=0.3', 'ar'],
    ['ar;q=0, en;q=0.1', 'en'],
    ['ar;q=abc', 'en'],
    ['arabic', 'en'],
    ['*', 'en'],
  ])('%s -> %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it('reads only the first 500 characters of a hostile header', () => {
    expect(localeFromAcceptLanguage(`${'x;q=0.1,'.repeat(10_000)}ar`)).toBe('en');
  });
});
