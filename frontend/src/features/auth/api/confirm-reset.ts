import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, ResetConfirmBody } from '@mashrou/contracts';
import { identity } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

/** The new password and its confirmation (the token comes from the emailed link). */
export const NewPasswordFormSchema = ResetConfirmBody.pick({ password: true })
  .extend({ confirm: z.string() })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'passwords-mismatch' });
  });

export const confirmReset = (body: BodyOf<typeof identity.confirmReset>) => call(identity.confirmReset, { body });

/** Sets the new password; every session ends, so nothing cached stays true. */
export const useConfirmReset = () => useMutation({ mutationFn: confirmReset });
