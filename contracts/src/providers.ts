import { z } from 'zod';
import { Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { UserEnvelope } from './identity.js';
import { SIGN_IN_PROVIDERS } from './provider-outcomes.js';

export * from './provider-outcomes.js';

export const SignInProvider = z.enum(SIGN_IN_PROVIDERS);
export type SignInProvider = z.output<typeof SignInProvider>;

const name = z.string().trim().min(1, 'required').max(120, 'too-long');

/** Where the provider's sign-in was started from: sign-in, sign-up, or Settings (link to this account). */
export const ProviderStartQuery = z.object({
  intent: z.enum(['signin', 'signup', 'link']).default('signin'),
  /** A path of the web app to come back to after signing in (anything else is ignored). */
  next: z.string().max(500).optional(),
});

/** What the provider sends back: its code and our state, or an error (unknown parameters are ignored). */
export const ProviderCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
});

/** A provider sign-in waiting in this browser for its last step: a new account, or proof for an existing one. */
export const PendingProviderSignIn = z.strictObject({
  kind: z.enum(['signup', 'link']),
  provider: SignInProvider,
  email: z.string(),
  fullName: z.string(),
});
export type PendingProviderSignIn = z.output<typeof PendingProviderSignIn>;

/** The last step of a sign-up through a provider: the role, and the company's name for a company. */
export const ProviderSignUpBody = z
  .strictObject({
    userType: z.enum(['student', 'startup', 'company']).transform((t) => (t === 'company' ? 'startup' : t)),
    fullName: name,
    companyName: name.optional(),
    locale: z.enum(['en', 'ar']).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.userType === 'startup' && !v.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'required' });
  });

/** Proof for linking a provider to an existing account by the code mailed to it. */
export const ProviderLinkCodeBody = z.strictObject({ code: z.string().trim().min(1, 'required').max(12, 'too-long') });

export const SignInMethods = z.strictObject({
  /** The account has a password (an account made through a provider has none until it sets one). */
  password: z.boolean(),
  linked: z.array(z.strictObject({ provider: SignInProvider, email: z.string(), linkedAt: Timestamp })),
  /** The providers this api offers. */
  available: z.array(SignInProvider),
});

const providerParams = z.strictObject({ provider: SignInProvider });

export const providers = {
  list: endpoint({
    method: 'GET',
    path: '/auth/providers',
    tag: 'auth',
    status: 200,
    access: 'public',
    response: z.strictObject({ providers: z.array(SignInProvider) }),
    summary: 'The sign-in providers this api offers (Google, LinkedIn), each only when configured',
  }),
  start: endpoint({
    method: 'GET',
    path: '/auth/providers/:provider/start',
    tag: 'auth',
    status: 303,
    access: 'public',
    params: providerParams,
    query: ProviderStartQuery,
    response: 'redirect',
    summary:
      "Starts a provider's sign-in (authorization code with PKCE, state and nonce): a redirect to the provider, or back to the web app with ?provider-error= (provider off or unreachable, too many attempts)",
  }),
  callback: endpoint({
    method: 'GET',
    path: '/auth/providers/:provider/callback',
    tag: 'auth',
    status: 303,
    access: 'public',
    params: providerParams,
    query: ProviderCallbackQuery,
    response: 'redirect',
    summary:
      "The provider's answer: signs in, starts a sign-up, or asks for proof before linking; a redirect to the web app (errors as ?provider-error=)",
  }),
  pending: endpoint({
    method: 'GET',
    path: '/auth/providers/pending',
    tag: 'auth',
    status: 200,
    access: 'public',
    errors: { 410: ['no-pending-provider-sign-in'] },
    response: PendingProviderSignIn,
    summary: 'The provider sign-in waiting in this browser for its last step (who the provider said this is)',
  }),
  signUp: endpoint({
    method: 'POST',
    path: '/auth/providers/signup',
    tag: 'auth',
    status: 201,
    access: 'public',
    errors: { 409: ['email-already-registered'], 410: ['no-pending-provider-sign-in'], 429: ['too-many-signups'] },
    body: ProviderSignUpBody,
    response: UserEnvelope,
    summary: 'Creates the account of a provider sign-up (email verified by the provider) and signs it in',
  }),
  sendLinkCode: endpoint({
    method: 'POST',
    path: '/auth/providers/link/code',
    tag: 'auth',
    status: 202,
    access: 'public',
    errors: {
      410: ['no-pending-provider-sign-in'],
      429: ['resend-too-soon', 'too-many-codes'],
    },
    response: z.strictObject({ sent: z.literal(true) }),
    summary: 'Mails a code to the existing account a provider sign-in waits to be linked to',
  }),
  confirmLinkCode: endpoint({
    method: 'POST',
    path: '/auth/providers/link/confirm',
    tag: 'auth',
    status: 200,
    access: 'public',
    errors: {
      403: ['account-deactivated'],
      409: ['provider-account-taken'],
      410: ['no-pending-provider-sign-in'],
      422: ['invalid-code'],
      429: ['too-many-code-attempts'],
    },
    body: ProviderLinkCodeBody,
    response: UserEnvelope,
    summary: 'Proves the account by its mailed code, links the provider and signs in',
  }),
  methods: endpoint({
    method: 'GET',
    path: '/me/sign-in-methods',
    tag: 'me',
    status: 200,
    access: 'unverified',
    response: SignInMethods,
    summary: 'How this account can sign in: its password, and the providers linked to it',
  }),
  unlink: endpoint({
    method: 'DELETE',
    path: '/me/sign-in-methods/:provider',
    tag: 'me',
    status: 204,
    access: 'unverified',
    errors: { 404: ['provider-not-linked'], 409: ['last-sign-in-method'] },
    params: providerParams,
    response: null,
    summary: 'Unlinks a provider, while another way to sign in remains',
  }),
} as const;
