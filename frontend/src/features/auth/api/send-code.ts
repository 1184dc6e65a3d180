import { useMutation } from '@tanstack/react-query';
import { type BodyOf, identity } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

export const sendCode = (body: BodyOf<typeof identity.sendCode>) => call(identity.sendCode, { body });

export const useSendCode = () => useMutation({ mutationFn: sendCode });
