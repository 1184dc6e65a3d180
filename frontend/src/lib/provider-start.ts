import type { SignInProvider } from '@mashrou/contracts';

/**
 * Where a button starts a provider's sign-in (sign-in, sign-up, or linking from Settings): a full
 * navigation to the api, which sends the browser on to Google or LinkedIn. `next` is checked by the api.
 */
export const providerStartUrl = (provider: SignInProvider, intent: 'signin' | 'signup' | 'link', next?: string | null) =>
  `/api/auth/providers/${provider}/start?${new URLSearchParams({ intent, ...(next ? { next } : {}) }).toString()}`;
