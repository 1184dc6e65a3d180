import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../lib/api-client';

/** Spec §8 sign-in catalogue, from error codes (never from message text). */
export function signInErrorMessage(err: unknown, t: TFunction): string {
  if (err instanceof NetworkError) return t('signin.errors.network');
  if (err instanceof ApiError) {
    switch (err.code) {
      case 'user-not-found':
        return t('signin.errors.userNotFound');
      case 'wrong-password':
        return t('signin.errors.wrongPassword');
      case 'invalid-email':
        return t('signin.errors.invalidEmail');
      case 'too-many-attempts':
      case 'too-many-requests':
        return t('signin.errors.tooManyRequests');
      case 'busy':
        return t('signin.errors.busy');
      case 'account-deactivated':
        return t('signin.errors.deactivated');
      case 'validation-failed':
        return t('signin.errors.invalidEmail');
      default:
        return err.message || t('signin.errors.unknown');
    }
  }
  if (err instanceof Error && err.message.includes('createUser is not defined')) return t('signin.errors.userData');
  return err instanceof Error && err.message ? err.message : t('signin.errors.unknown');
}
