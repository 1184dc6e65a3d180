import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

export const sendCode = (body: BodyOf<typeof api.identity.sendCode>) => call(api.identity.sendCode, { body });

export const useSendCode = () => useMutation({ mutationFn: sendCode });
