// Zod-free, so a public page of the web app can read them without the schemas.
/** The sign-in providers the api knows (OpenID Connect); each is on only where it is configured. */
export const SIGN_IN_PROVIDERS = ['google', 'linkedin'] as const;

/**
 * Why a provider sign-in came back to /signin (`?provider-error=`) or to Settings: the codes the
 * web app words, from the error catalogue.
 */
export const PROVIDER_OUTCOMES = [
  'provider-sign-in-failed',
  'provider-sign-in-cancelled',
  'provider-email-unverified',
  'provider-admin-refused',
  'provider-account-taken',
  'provider-already-linked',
  'account-deactivated',
  'too-many-attempts',
] as const;
export type ProviderOutcome = (typeof PROVIDER_OUTCOMES)[number];
