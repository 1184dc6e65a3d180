import { useMutation } from '@tanstack/react-query';
import type { BodyOf, identity } from '@mashrou/contracts';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { authCalls } from './load';

/** The api's body, with an empty email told apart (spec §5 'Please enter your email address'). */
export const resetRequestResolver = lazyResolver(async () => (await authCalls()).resolvers.resetRequest);

export const useRequestReset = () =>
  useMutation({ mutationFn: async (body: BodyOf<typeof identity.requestReset>) => (await authCalls()).requestReset(body) });
