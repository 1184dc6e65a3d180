import { useMutation } from '@tanstack/react-query';
import type { BodyOf, identity } from '@mashrou/contracts';
import { useSetMe } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/i18n';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { authCalls } from './load';

/** The basic-info form's rules (./calls): every field filled, the confirmation matching, then the api's body. */
export const basicInfoResolver = lazyResolver(async () => (await authCalls()).resolvers.basicInfo);

/**
 * Creates the account (unverified) and signs it in: the new user is the signed-in one. The account
 * starts in the language the visitor is reading (its screens and emails).
 */
export function useSignUp() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: async (body: BodyOf<typeof identity.signUp>) =>
      (await authCalls()).signUp({ locale: currentLanguage(), ...body }),
    onSuccess: (res) => {
      setMe(res.user);
    },
  });
}
