import { useMutation } from '@tanstack/react-query';
import { api, ConfirmCodeBody, type BodyOf } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

/** The code the user types (the email is the signed-in account's). */
export const CodeFormSchema = ConfirmCodeBody.pick({ code: true });

export const confirmCode = (body: BodyOf<typeof api.identity.confirmCode>) => call(api.identity.confirmCode, { body });

export const useConfirmCode = () => useMutation({ mutationFn: confirmCode });
