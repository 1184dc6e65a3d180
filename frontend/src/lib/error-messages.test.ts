import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@mashrou/contracts/values';
import i18n from './i18n';
import { errorKeyOf, errorText } from './error-messages';
import { ApiError, NetworkError, StorageError } from './errors';

const t = i18n.t.bind(i18n);

describe('error codes in words', () => {
  it('every code of the contract has an English text', () => {
    for (const code of ERROR_CODES) {
      const key = errorKeyOf(code);
      expect(i18n.exists(key), `${code} → ${key}`).toBe(true);
      expect(t(key)).not.toBe(key);
    }
  });

  it("never shows the api's own message", () => {
    const err = new ApiError(409, 'already-invited', 'SERVER ENGLISH');
    expect(errorText(err, t)).toBe('This student was already invited to this project.');
  });

  it("a screen's own words come first, then its words for other codes, then the fallback for the rest", () => {
    const wording = { keys: { 'too-many-codes': 'signup.errors.tooManyCodes' }, other: 'signup.errors.sendCodeFailed' } as const;
    expect(errorText(new ApiError(429, 'too-many-codes', 'x'), t, wording)).toBe(
      'You have asked for too many codes. Please try again in an hour.',
    );
    expect(errorText(new ApiError(500, 'internal-error', 'x'), t, wording)).toBe(
      'Failed to send verification code. Please try again.',
    );
    expect(errorText(new NetworkError(), t)).toBe('We could not load this. Please try again.');
    expect(errorText(new Error('boom'), t, { fallback: 'signup.errors.updateFailed' })).toBe(
      'Failed to update user information. Please try again.',
    );
  });

  it('storage errors keep the spec texts', () => {
    expect(errorText(new StorageError('canceled', 'x'), t)).toBe('User canceled the upload/download.');
    expect(errorText(new StorageError('object-not-found', 'x', 404), t)).toBe('Object does not exist');
    expect(errorText(new StorageError('invalid-format', 'x', 415), t)).toBe('Only PDF files can be uploaded.');
  });
});
