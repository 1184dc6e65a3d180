import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, identity, SignUpBody } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';
import { useSetMe } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/i18n';

/**
 * The basic-info form: the form's own rules first (spec §5: every field filled, the confirmation
 * matching), then the api's body (its password length, email format, names).
 */
export const BasicInfoFormSchema = z
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

/** The account starts in the language the visitor is reading (its screens and emails). */
export const signUp = (body: BodyOf<typeof identity.signUp>) =>
  call(identity.signUp, { body: { locale: currentLanguage(), ...body } });

/** Creates the account (unverified) and signs it in: the new user is the signed-in one. */
export function useSignUp() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (res) => {
      setMe(res.user);
    },
  });
}
