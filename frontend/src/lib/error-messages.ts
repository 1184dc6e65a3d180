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

export const ERROR_KEYS: Record<AnyErrorCode, TranslationKey> = {
  // the platform
  'bad-request': 'errors.bad-request',
  'malformed-json': 'errors.bad-request',
  'invalid-body': 'errors.bad-request',
  'unexpected-body': 'errors.bad-request',
  'invalid-id': 'errors.invalid-id',
  'validation-failed': 'errors.validation-failed',
  unauthenticated: 'errors.unauthenticated',
  forbidden: 'errors.forbidden',
  'email-not-verified': 'errors.email-not-verified',
  'csrf-check-failed': 'errors.csrf-check-failed',
  'not-found': 'errors.not-found',
  'method-not-allowed': 'errors.bad-request',
  'not-acceptable': 'errors.bad-request',
  conflict: 'errors.conflict',
  'payload-too-large': 'errors.payload-too-large',
  'unsupported-media-type': 'errors.bad-request',
  'too-many-requests': 'errors.too-many-requests',
  'internal-error': 'errors.internal-error',
  'service-unavailable': 'errors.service-unavailable',
  busy: 'signin.errors.busy',
  // accounts
  'email-already-registered': 'signup.errors.emailInUse',
  'invalid-email': 'signin.errors.invalidEmail',
  'user-not-found': 'errors.user-not-found',
  'wrong-password': 'signin.errors.wrongPassword',
  'account-deactivated': 'signin.errors.deactivated',
  'too-many-attempts': 'signin.errors.tooManyRequests',
  'too-many-signups': 'signup.errors.tooManySignups',
  'too-many-codes': 'signup.errors.tooManyCodes',
  'too-many-code-attempts': 'signup.errors.tooManyCodeAttempts',
  'resend-too-soon': 'signup.errors.resendTooSoon',
  'invalid-reset-link': 'reset.invalid',
  'invalid-unsubscribe-link': 'errors.invalid-unsubscribe-link',
  'not-a-company': 'errors.not-a-company',
  'email-unchanged': 'errors.email-unchanged',
  'no-email-change': 'errors.no-email-change',
  'invalid-code': 'errors.invalid-code',
  // sign in with Google or LinkedIn
  'no-pending-provider-sign-in': 'errors.no-pending-provider-sign-in',
  'provider-sign-in-failed': 'errors.provider-sign-in-failed',
  'provider-sign-in-cancelled': 'errors.provider-sign-in-cancelled',
  'provider-email-unverified': 'errors.provider-email-unverified',
  'provider-admin-refused': 'errors.provider-admin-refused',
  'provider-account-taken': 'errors.provider-account-taken',
  'provider-already-linked': 'errors.provider-already-linked',
  'provider-not-linked': 'errors.provider-not-linked',
  'last-sign-in-method': 'errors.last-sign-in-method',
  // own data
  'export-in-progress': 'errors.export-in-progress',
  'too-many-exports': 'errors.too-many-exports',
  'export-not-found': 'errors.export-not-found',
  'export-link-expired': 'errors.export-link-expired',
  // onboarding
  'assessment-outdated': 'errors.assessment-outdated',
  'assessment-required': 'errors.assessment-required',
  // marketplace
  'project-not-found': 'errors.project-not-found',
  'project-not-editable': 'errors.project-not-editable',
  'project-changed': 'errors.project-changed',
  'too-many-projects': 'errors.too-many-projects',
  'too-many-pending-projects': 'errors.too-many-pending-projects',
  'project-not-open': 'errors.project-not-open',
  'project-not-closed': 'errors.project-not-closed',
  'deadline-passed': 'errors.deadline-passed',
  'company-gone': 'errors.company-gone',
  'project-not-pending': 'errors.project-not-pending',
  'project-closed': 'market.project.closed',
  'already-applied': 'errors.already-applied',
  'application-not-found': 'errors.application-not-found',
  'invalid-status-change': 'errors.invalid-status-change',
  'application-decided': 'errors.application-decided',
  'messages-closed': 'errors.messages-closed',
  // workspace
  'workspace-not-open': 'errors.workspace-not-open',
  'too-many-milestones': 'errors.too-many-milestones',
  'milestone-submitted': 'errors.milestone-submitted',
  'milestone-accepted': 'errors.milestone-accepted',
  'nothing-to-review': 'errors.nothing-to-review',
  'engagement-ended': 'errors.engagement-ended',
  'milestones-not-accepted': 'errors.milestones-not-accepted',
  'engagement-not-ended': 'errors.engagement-not-ended',
  'review-window-closed': 'errors.review-window-closed',
  'already-reviewed': 'errors.already-reviewed',
  'already-reported': 'errors.already-reported',
  'review-not-found': 'errors.review-not-found',
  'certificate-not-found': 'errors.certificate-not-found',
  'portfolio-not-found': 'errors.portfolio-not-found',
  'too-many-saved-searches': 'errors.too-many-saved-searches',
  'saved-search-not-found': 'errors.saved-search-not-found',
  // admin
  'cannot-change-self': 'errors.cannot-change-self',
  'last-admin': 'errors.last-admin',
  'notification-not-found': 'errors.notification-not-found',
  'already-invited': 'errors.already-invited',
  // files (spec §8 storage codes, and ours)
  'object-not-found': 'errors.object-not-found',
  unauthorized: 'errors.unauthorized',
  'quota-exceeded': 'errors.quota-exceeded',
  'invalid-argument': 'errors.invalid-argument',
  'invalid-format': 'errors.invalid-format',
  'file-too-large': 'errors.file-too-large',
  'file-exists': 'errors.file-exists',
  'link-expired': 'errors.link-expired',
  canceled: 'errors.canceled',
  'retry-limit-exceeded': 'errors.retry-limit-exceeded',
  // the web app's own
  'invalid-response': 'error.unknown',
  unknown: 'error.unknown',
};

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
    return wording.keys?.[err.code] ?? wording.other ?? ERROR_KEYS[err.code];
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
  return code === 'too-many-attempts' ? t('signin.errors.tooManyRequests') : t(ERROR_KEYS[code as AnyErrorCode]);
}
