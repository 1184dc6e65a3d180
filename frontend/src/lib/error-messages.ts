/**
 * One map from error code to words: every failure a user reads is worded here, through the
 * translations (never the api's English `message`). A screen whose spec words some codes its own way
 * passes those as `keys`.
 */
import type { ErrorCode } from '@mashrou/contracts';
import { PROVIDER_OUTCOMES } from '@mashrou/contracts/provider-outcomes';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError, StorageError, type ClientErrorCode } from './errors';
import type { TranslationKey } from './i18n';

export type AnyErrorCode = ErrorCode | ClientErrorCode;

/** The codes worded other than by the text of their own name (`errors.<code>`, which words every other code). */
const OTHER_WORDS = {
  // the platform
  'malformed-json': 'errors.bad-request',
  'invalid-body': 'errors.bad-request',
  'unexpected-body': 'errors.bad-request',
  'method-not-allowed': 'errors.bad-request',
  'not-acceptable': 'errors.bad-request',
  'unsupported-media-type': 'errors.bad-request',
  busy: 'signin.errors.busy',
  // accounts
  'email-already-registered': 'signup.errors.emailInUse',
  'invalid-email': 'signin.errors.invalidEmail',
  'wrong-password': 'signin.errors.wrongPassword',
  'account-deactivated': 'signin.errors.deactivated',
  'too-many-attempts': 'signin.errors.tooManyRequests',
  'too-many-signups': 'signup.errors.tooManySignups',
  'too-many-codes': 'signup.errors.tooManyCodes',
  'too-many-code-attempts': 'signup.errors.tooManyCodeAttempts',
  'resend-too-soon': 'signup.errors.resendTooSoon',
  'invalid-reset-link': 'reset.invalid',
  // marketplace
  'project-closed': 'market.project.closed',
  // the web app's own
  'invalid-response': 'error.unknown',
  unknown: 'error.unknown',
} as const satisfies Partial<Record<AnyErrorCode, TranslationKey>>;

/** The codes worded by their own name. */
type WordedByName = Exclude<AnyErrorCode, keyof typeof OTHER_WORDS>;

/** The key of a code's words (each code worded by its name has `errors.<code>`: else this does not compile). */
export const errorKeyOf = (code: AnyErrorCode): TranslationKey =>
  (OTHER_WORDS as Partial<Record<AnyErrorCode, TranslationKey>>)[code] ?? (`errors.${code as WordedByName}` as const);

/** How one screen words failures. */
export interface ErrorWording {
  /** This screen's own words for some codes (the spec's texts, where it has them). */
  keys?: Partial<Record<AnyErrorCode, TranslationKey>>;
  /** Words for every other code the api answers, instead of the code's general words. */
  other?: TranslationKey;
  /** Words when the api could not be reached (by default `fallback`). */
  network?: TranslationKey;
  /** Words for anything else (not an api failure). */
  fallback?: TranslationKey;
}

/** The key of the words for `err`. */
export function errorKey(err: unknown, wording: ErrorWording = {}): TranslationKey {
  const fallback = wording.fallback ?? 'common.loadFailed';
  if (err instanceof NetworkError) return wording.network ?? fallback;
  if (err instanceof ApiError || err instanceof StorageError) {
    return wording.keys?.[err.code] ?? wording.other ?? errorKeyOf(err.code);
  }
  return fallback;
}

/** The words for `err`, as a user reads them. */
export const errorText = (err: unknown, t: TFunction, wording?: ErrorWording): string => t(errorKey(err, wording));

/** Spec §8 sign-in catalogue (also for passwords elsewhere): from error codes, never from message text. */
const SIGN_IN: ErrorWording = {
  keys: {
    'user-not-found': 'signin.errors.userNotFound',
    'too-many-requests': 'signin.errors.tooManyRequests',
    'validation-failed': 'signin.errors.invalidEmail',
  },
  network: 'signin.errors.network',
};

export function signInErrorMessage(err: unknown, t: TFunction, keys?: ErrorWording['keys']): string {
  if (err instanceof ApiError || err instanceof NetworkError)
    return errorText(err, t, { ...SIGN_IN, keys: { ...SIGN_IN.keys, ...keys } });
  if (err instanceof Error && err.message.includes('createUser is not defined')) return t('signin.errors.userData');
  return err instanceof Error && err.message ? err.message : t('signin.errors.unknown');
}

/**
 * The words for why a provider sign-in came back (`?provider-error=` on /signin or Settings), or
 * null for a value that is none of the api's outcomes (a hand-made address).
 */
export function providerOutcomeText(code: string | null, t: TFunction): string | null {
  if (!code || !(PROVIDER_OUTCOMES as readonly string[]).includes(code)) return null;
  return code === 'too-many-attempts' ? t('signin.errors.tooManyRequests') : t(errorKeyOf(code as AnyErrorCode));
}
