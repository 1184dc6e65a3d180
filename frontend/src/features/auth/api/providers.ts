import { useMutation, useQuery } from '@tanstack/react-query';
import type { BodyOf, providers, ResponseOf, SignInProvider } from '@mashrou/contracts';
import { SIGN_IN_PROVIDERS } from '@mashrou/contracts/provider-outcomes';
import { useSetMe } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/i18n';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { authCalls } from './load';

export const providerSignUpResolver = lazyResolver(async () => (await authCalls()).resolvers.providerSignUp);
export const linkCodeResolver = lazyResolver(async () => (await authCalls()).resolvers.linkCode);

let listed: Promise<SignInProvider[]> | undefined;

/**
 * The providers the api offers, asked once per page load with a plain fetch: the prerendered sign-in
 * and sign-up pages load no schemas until a form is used, and the api lets browsers keep the answer
 * five minutes. A failure shows no buttons (and is asked again next time).
 */
function listProviders(): Promise<SignInProvider[]> {
  listed ??= fetch('/api/auth/providers', { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<Partial<ResponseOf<typeof providers.list>>>) : { providers: [] }))
    .then((body) => (body.providers ?? []).filter((p) => (SIGN_IN_PROVIDERS as readonly string[]).includes(p)))
    .catch(() => {
      listed = undefined;
      return [];
    });
  return listed;
}

/** The sign-in providers the api offers (none where none is configured). */
export const useSignInProviders = () =>
  useQuery({ queryKey: ['auth', 'providers'], queryFn: listProviders, staleTime: 10 * 60_000 });

/** The provider sign-in waiting in this browser for its last step (410 once it expired or was used). */
export const usePendingProviderSignIn = (enabled: boolean) =>
  useQuery({
    queryKey: ['auth', 'provider-pending'],
    queryFn: async () => (await authCalls()).pendingProviderSignIn(),
    enabled,
    retry: false,
    staleTime: Infinity,
  });

/** The last step of a provider sign-up: the account is made (its email verified by the provider) and signed in. */
export function useProviderSignUp() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: async (body: BodyOf<typeof providers.signUp>) =>
      (await authCalls()).providerSignUp({ locale: currentLanguage(), ...body }),
    onSuccess: (res) => {
      setMe(res.user);
    },
  });
}

export const useSendLinkCode = () => useMutation({ mutationFn: async () => (await authCalls()).sendLinkCode() });

export const useConfirmLinkCode = () =>
  useMutation({
    mutationFn: async (body: BodyOf<typeof providers.confirmLinkCode>) => (await authCalls()).confirmLinkCode(body),
  });
