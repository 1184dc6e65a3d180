import { useMutation } from '@tanstack/react-query';
import type { BodyOf, identity } from '@mashrou/contracts';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { authCalls } from './load';

/** The sign-in form is the api's body as it is. */
export const signInResolver = lazyResolver(async () => (await authCalls()).resolvers.signIn);

/** Signs in; the page then loads the dashboard in full, so nothing is cached here. */
export const useSignIn = () =>
  useMutation({ mutationFn: async (body: BodyOf<typeof identity.signIn>) => (await authCalls()).signIn(body) });
