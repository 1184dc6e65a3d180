import { z } from 'zod';

export const MIN_PASSWORD = 6; // spec §5, §9
const email = z.string().trim().max(254).pipe(z.email({ message: 'invalid-email' }));
const password = z.string().min(MIN_PASSWORD, 'password-too-short').max(200, 'password-too-long');
const name = z.string().trim().min(1, 'required').max(120, 'too-long');

/** `company` is accepted as an alias of `startup` (DESIGN §1); `admin` never is. */
export const SignUpBody = z.strictObject({
  userType: z.enum(['student', 'startup', 'company']).transform((t) => (t === 'company' ? 'startup' : t)),
  email,
  password,
  fullName: name,
  companyName: name.optional(),
}).superRefine((v, ctx) => {
  if (v.userType === 'startup' && !v.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'required' });
});

export const SignInBody = z.strictObject({ email: z.string().max(254), password: z.string().max(200) });
export const EmailBody = z.strictObject({ email });
export const ConfirmCodeBody = z.strictObject({ email, code: z.string().trim().min(1, 'required').max(12, 'too-long') });
export const ResetConfirmBody = z.strictObject({ token: z.string().min(10).max(200), password });
export const UpdateProfileBody = z.strictObject({
  fullName: name.optional(),
  companyName: name.optional(),
  emailNotifications: z.boolean().optional(),
});
export const ChangePasswordBody = z.strictObject({ currentPassword: z.string().max(200), newPassword: password });
