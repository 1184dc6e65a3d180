import { useMutation } from '@tanstack/react-query';
import { type BodyOf, ConfirmCodeBody, identity } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

/** The code the user types (the email is the signed-in account's). */
export const CodeFormSchema = ConfirmCodeBody.pick({ code: true });

export const confirmCode = (body: BodyOf<typeof identity.confirmCode>) => call(identity.confirmCode, { body });

export const useConfirmCode = () => useMutation({ mutationFn: confirmCode });
