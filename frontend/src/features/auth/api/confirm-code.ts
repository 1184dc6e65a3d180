import { useMutation } from '@tanstack/react-query';
import type { BodyOf, identity } from '@mashrou/contracts';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { authCalls } from './load';

/** The code the user types (the email is the signed-in account's). */
export const codeResolver = lazyResolver(async () => (await authCalls()).resolvers.code);

export const useConfirmCode = () =>
  useMutation({ mutationFn: async (body: BodyOf<typeof identity.confirmCode>) => (await authCalls()).confirmCode(body) });
