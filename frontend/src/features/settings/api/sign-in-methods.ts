import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInProvider } from '@mashrou/contracts';
import { identity, providers } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

const methodsKey = ['me', 'sign-in-methods'] as const;

/** How the account can sign in: its password, and the Google or LinkedIn accounts linked to it. */
export const useSignInMethods = () => useQuery({ queryKey: methodsKey, queryFn: () => call(providers.methods) });

/** Unlinks a provider (refused while it is the only way in). */
export function useUnlink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (provider: SignInProvider) => call(providers.unlink, { params: { provider } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: methodsKey }),
  });
}

/** An account without a password sets one through the reset link mailed to its address. */
export const useSendPasswordLink = () =>
  useMutation({ mutationFn: (email: string) => call(identity.requestReset, { body: { email } }) });
