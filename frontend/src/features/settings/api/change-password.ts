import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, ChangePasswordBody } from '@mashrou/contracts';
import { identity } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

/** The api's body and the new password typed twice. */
export const PasswordFormSchema = ChangePasswordBody.extend({ confirm: z.string() }).superRefine((v, ctx) => {
  if (v.newPassword !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'passwords-mismatch' });
});

export const changePassword = (body: BodyOf<typeof identity.changePassword>) => call(identity.changePassword, { body });

/** Changes the password; the other sessions end on the server. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
