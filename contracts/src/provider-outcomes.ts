// Zod-free, so a public page of the web app can read them without the schemas.
/** The sign-in providers the api knows (OpenID Connect); each is on only where it is configured. */
export const SIGN_IN_PROVIDERS = ['google', 'linkedin'] as const;

/**
 * Why a provider sign-in came back to /signin (`?provider-error=`) or to Settings: the codes the
 * web app words, from the error catalogue.
 */
/** The error codes of a provider sign-in's own (ERROR_CODES has them too). */
export const PROVIDER_ERROR_CODES = [
  'provider-sign-in-failed',
  'provider-sign-in-cancelled',
  'provider-email-unverified',
  'provider-admin-refused',
  'provider-account-taken',
  'provider-already-linked',
] as const;
export const PROVIDER_OUTCOMES = [...PROVIDER_ERROR_CODES, 'account-deactivated', 'too-many-attempts'] as const;
export type ProviderOutcome = (typeof PROVIDER_OUTCOMES)[number];
