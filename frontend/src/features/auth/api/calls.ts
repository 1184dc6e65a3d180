/**
 * The calls and form rules of the sign-in and sign-up pages, with zod and the contract's schemas. The
 * pages are prerendered: they hydrate without this module, which loads when a form is first used
 * (./load.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  type BodyOf,
  ConfirmCodeBody,
  EmailBody,
  ProviderLinkCodeBody,
  ProviderSignUpBody,
  SignInBody,
  SignUpBody,
} from '@mashrou/contracts';
import { identity, providers } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

/** The api's body, with an empty email told apart (spec §5 'Please enter your email address'). */
const ResetRequestFormSchema = z.object({ email: z.string().trim().min(1, 'required').pipe(EmailBody.shape.email) });

/** The code the user types (the email is the signed-in account's). */
const CodeFormSchema = ConfirmCodeBody.pick({ code: true });

/**
 * The basic-info form: the form's own rules first (spec §5: every field filled, the confirmation
 * matching), then the api's body (its password length, email format, names).
 */
const BasicInfoFormSchema = z
  .object({
    userType: z.enum(['student', 'startup']),
    email: z.string(),
    fullName: z.string(),
    companyName: z.string(),
    password: z.string(),
    confirm: z.string(),
  })
  .superRefine((v, ctx) => {
    const required = (path: 'email' | 'fullName' | 'companyName' | 'password', value: string) => {
      if (!value) ctx.addIssue({ code: 'custom', path: [path], message: 'required' });
    };
    required('email', v.email.trim());
    required('fullName', v.fullName.trim());
    if (v.userType === 'startup') required('companyName', v.companyName.trim());
    required('password', v.password);
    if (v.password !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'passwords-mismatch' });
  })
  .transform((v): z.input<typeof SignUpBody> => ({
    userType: v.userType,
    email: v.email,
    password: v.password,
    fullName: v.fullName,
    ...(v.userType === 'startup' ? { companyName: v.companyName } : {}),
  }))
  .pipe(SignUpBody);

/** What the basic-info form holds (before its rules turn it into the api's body). */
export type BasicInfoValues = z.input<typeof BasicInfoFormSchema>;

/** Each form's rules, as react-hook-form resolvers (the sign-in form is the api's body as it is). */
export const resolvers = {
  signIn: zodResolver(SignInBody),
  resetRequest: zodResolver(ResetRequestFormSchema),
  code: zodResolver(CodeFormSchema),
  basicInfo: zodResolver(BasicInfoFormSchema),
  providerSignUp: zodResolver(ProviderSignUpBody),
  linkCode: zodResolver(ProviderLinkCodeBody),
};

export const signIn = (body: BodyOf<typeof identity.signIn>) => call(identity.signIn, { body });

export const requestReset = (body: BodyOf<typeof identity.requestReset>) => call(identity.requestReset, { body });

export const sendCode = (body: BodyOf<typeof identity.sendCode>) => call(identity.sendCode, { body });

export const confirmCode = (body: BodyOf<typeof identity.confirmCode>) => call(identity.confirmCode, { body });

export const signUp = (body: BodyOf<typeof identity.signUp>) => call(identity.signUp, { body });

/** Sign in with Google or LinkedIn: which are offered, and the last steps of a provider sign-in. */
export const pendingProviderSignIn = () => call(providers.pending);
export const providerSignUp = (body: BodyOf<typeof providers.signUp>) => call(providers.signUp, { body });
export const sendLinkCode = () => call(providers.sendLinkCode);
export const confirmLinkCode = (body: BodyOf<typeof providers.confirmLinkCode>) => call(providers.confirmLinkCode, { body });
