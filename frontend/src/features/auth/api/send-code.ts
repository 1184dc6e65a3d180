import { useMutation } from '@tanstack/react-query';
import type { BodyOf, identity } from '@mashrou/contracts';
import { authCalls } from './load';

export const useSendCode = () =>
  useMutation({ mutationFn: async (body: BodyOf<typeof identity.sendCode>) => (await authCalls()).sendCode(body) });
