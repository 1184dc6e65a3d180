import { z } from 'zod';
import { Locale, Timestamp, UserType } from './common.js';
import { endpoint } from './endpoint.js';

/** Spec §5, §9. */
export const MIN_PASSWORD = 6;
const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'invalid-email' }));
const password = z.string().min(MIN_PASSWORD, 'password-too-short').max(200, 'password-too-long');
const name = z.string().trim().min(1, 'required').max(120, 'too-long');

/**
 * The kinds of notification email a person can turn off one by one; `emailNotifications` stays the
 * switch for all of them. Codes, reset links and security notices are never optional.
 */
export const EMAIL_KINDS = ['applications', 'messages', 'digests', 'projectNews'] as const;
export const EmailKind = z.enum(EMAIL_KINDS);
export type EmailKind = z.output<typeof EmailKind>;

/** The user as the api shows it (spec §3 field names); never the password hash. */
export const User = z.strictObject({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  companyName: z.string().optional(),
  userType: UserType,
  emailVerified: z.boolean(),
  emailNotifications: z.boolean(),
  /** The kinds of notification email turned off (each kind is on unless listed). */
  emailOff: z.array(EmailKind),
  /** The language of the account's screens and emails. */
  locale: Locale,
  onboardingComplete: z.boolean(),
  school: z.string().optional(),
  graduationYear: z.number().int().optional(),
  whatsapp: z.string().optional(),
  linkedin: z.string().optional(),
  assessmentComplete: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type User = z.output<typeof User>;
export const UserEnvelope = z.strictObject({ user: User });

/** `company` is accepted as an alias of `startup` (DESIGN §1); `admin` never is. */
export const SignUpBody = z
  .strictObject({
    userType: z.enum(['student', 'startup', 'company']).transform((t) => (t === 'company' ? 'startup' : t)),
    email,
    password,
    fullName: name,
    companyName: name.optional(),
    /** The language chosen before sign-up; the browser's `Accept-Language` when missing. */
    locale: Locale.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.userType === 'startup' && !v.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'required' });
  });

export const SignInBody = z.strictObject({ email: z.string().max(254, 'too-long'), password: z.string().max(200, 'too-long') });
export const EmailBody = z.strictObject({ email });
export const ConfirmCodeBody = z.strictObject({ email, code: z.string().trim().min(1, 'required').max(12, 'too-long') });
export const ResetConfirmBody = z.strictObject({ token: z.string().min(10).max(200), password });
export const UpdateProfileBody = z.strictObject({
  fullName: name.optional(),
  companyName: name.optional(),
  emailNotifications: z.boolean().optional(),
  emailOff: z
    .array(EmailKind)
    .max(EMAIL_KINDS.length * 2)
    .transform((kinds) => [...new Set(kinds)])
    .optional(),
  locale: Locale.optional(),
});

/** An unsubscribe link's token (signed: the account and the kind of email, or `all`). */
const UnsubscribeQuery = z.strictObject({
  token: z.string().min(10, 'invalid-unsubscribe-link').max(200, 'invalid-unsubscribe-link'),
});
/** What an unsubscribe link turns off, and whether it is off now. */
export const Unsubscription = z.strictObject({
  kind: z.union([EmailKind, z.literal('all')]),
  /** The address the mails go to, partly hidden (the link may be forwarded). */
  email: z.string(),
  off: z.boolean(),
});
export type Unsubscription = z.output<typeof Unsubscription>;
/** Our page's own request: `resubscribe` turns the kind back on (the page's Undo); a mail client's one-click POST sends a form body, ignored. */
export const UnsubscribeBody = z.strictObject({ resubscribe: z.boolean().optional() });
export const ChangePasswordBody = z.strictObject({ currentPassword: z.string().max(200, 'too-long'), newPassword: password });

/** Change email, step 1: the new address (a code goes there) and the current password. */
export const EmailChangeBody = z.strictObject({ newEmail: email, password: z.string().min(1, 'required').max(200, 'too-long') });
/** Change email, step 2: the code mailed to the new address. */
export const EmailChangeConfirmBody = z.strictObject({ code: z.string().trim().min(1, 'required').max(12, 'too-long') });

export const identity = {
  signUp: endpoint({
    method: 'POST',
    path: '/auth/signup',
    tag: 'auth',
    status: 201,
    access: 'public',
    errors: { 409: ['email-already-registered'], 429: ['too-many-signups'], 503: ['busy'] },
    body: SignUpBody,
    response: UserEnvelope,
    summary: 'Create a student or company account (unverified) and sign it in',
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/auth/signin',
    tag: 'auth',
    status: 200,
    access: 'public',
    errors: {
      401: ['wrong-password'],
      403: ['account-deactivated'],
      404: ['user-not-found'],
      422: ['invalid-email'],
      429: ['too-many-attempts'],
      503: ['busy'],
    },
    body: SignInBody,
    response: UserEnvelope,
    summary: 'Sign in with email and password (a new session; any previous one on this browser ends)',
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/auth/signout',
    tag: 'auth',
    status: 204,
    access: 'public',
    response: null,
    summary: 'End this session',
  }),
  me: endpoint({
    method: 'GET',
    path: '/auth/me',
    tag: 'auth',
    status: 200,
    access: 'unverified',
    response: UserEnvelope,
    summary: 'The signed-in user',
  }),
  unsubscription: endpoint({
    method: 'GET',
    path: '/unsubscribe',
    tag: 'auth',
    status: 200,
    access: 'public',
    errors: { 400: ['invalid-unsubscribe-link'] },
    query: UnsubscribeQuery,
    response: Unsubscription,
    summary: 'What an unsubscribe link turns off (no sign-in: the link is signed)',
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/unsubscribe',
    tag: 'auth',
    status: 200,
    access: 'public',
    oneClick: true,
    errors: { 400: ['invalid-unsubscribe-link'] },
    query: UnsubscribeQuery,
    body: UnsubscribeBody,
    response: Unsubscription,
    summary:
      "Turns off the link's kind of email (RFC 8058 one-click: a mail client's POST with List-Unsubscribe=One-Click, no sign-in), or back on",
  }),
  updateMe: endpoint({
    method: 'PATCH',
    path: '/me',
    tag: 'auth',
    status: 200,
    access: 'unverified',
    errors: { 422: ['not-a-company'] },
    body: UpdateProfileBody,
    response: UserEnvelope,
    summary: 'Update your name, company name, email notifications or language',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/me/password',
    tag: 'auth',
    status: 204,
    errors: { 401: ['wrong-password'], 429: ['too-many-attempts'], 503: ['busy'] },
    body: ChangePasswordBody,
    response: null,
    summary: 'Change your password (other sessions and pending reset links end)',
  }),
  sendCode: endpoint({
    method: 'POST',
    path: '/verify-email',
    tag: 'auth',
    status: 202,
    access: 'unverified',
    errors: { 403: ['forbidden'], 429: ['resend-too-soon', 'too-many-codes'] },
    body: EmailBody,
    response: z.strictObject({ success: z.literal(true), sent: z.boolean(), alreadyVerified: z.boolean() }),
    summary: 'Send a verification code to your own email (spec §7)',
  }),
  confirmCode: endpoint({
    method: 'POST',
    path: '/verify-email/confirm',
    tag: 'auth',
    status: 200,
    access: 'unverified',
    errors: { 403: ['forbidden'], 429: ['too-many-code-attempts'] },
    body: ConfirmCodeBody,
    response: z.strictObject({
      valid: z.boolean(),
      reason: z.enum(['expired-or-missing', 'too-many-attempts', 'wrong-code']).optional(),
    }),
    summary: 'Check a verification code: { valid: true } marks the email verified',
  }),
  requestReset: endpoint({
    method: 'POST',
    path: '/auth/password-reset',
    tag: 'auth',
    status: 202,
    access: 'public',
    errors: { 429: ['too-many-requests'] },
    body: EmailBody,
    response: z.strictObject({ success: z.literal(true), message: z.string() }),
    summary: 'Email a reset link (same answer whether or not the account exists)',
  }),
  confirmReset: endpoint({
    method: 'POST',
    path: '/auth/password-reset/confirm',
    tag: 'auth',
    status: 204,
    access: 'public',
    errors: { 400: ['invalid-reset-link'], 409: ['email-already-registered'], 503: ['busy'] },
    body: ResetConfirmBody,
    response: null,
    summary: 'Set a new password from a reset link; every session ends',
  }),
  requestEmailChange: endpoint({
    method: 'POST',
    path: '/me/email',
    tag: 'auth',
    status: 202,
    errors: {
      401: ['wrong-password'],
      409: ['email-unchanged', 'email-already-registered'],
      429: ['too-many-attempts', 'resend-too-soon', 'too-many-codes'],
      503: ['busy'],
    },
    body: EmailChangeBody,
    response: z.strictObject({ sent: z.literal(true), minutes: z.number().int() }),
    summary: 'Change your email, step 1: a code goes to the new address (valid 10 minutes)',
  }),
  confirmEmailChange: endpoint({
    method: 'POST',
    path: '/me/email/confirm',
    tag: 'auth',
    status: 200,
    errors: { 400: ['invalid-code'], 409: ['no-email-change', 'email-already-registered'], 429: ['too-many-code-attempts'] },
    body: EmailChangeConfirmBody,
    response: UserEnvelope,
    summary: 'Change your email, step 2: the code switches the address; the old one is told',
  }),
};
