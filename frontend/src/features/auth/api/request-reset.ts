import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, EmailBody, identity } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

/** The api's body, with an empty email told apart (spec §5 'Please enter your email address'). */
export const ResetRequestFormSchema = z.object({ email: z.string().trim().min(1, 'required').pipe(EmailBody.shape.email) });

export const requestReset = (body: BodyOf<typeof identity.requestReset>) => call(identity.requestReset, { body });

export const useRequestReset = () => useMutation({ mutationFn: requestReset });
