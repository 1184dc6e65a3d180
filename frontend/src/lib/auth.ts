/** The signed-in user as the server sees it, shared by every feature (bulletproof-react's `lib/auth`). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@mashrou/contracts';
import { ApiError } from './errors';
import { loadOnUse } from './load-on-use';
import { ME_STALE_MS, meKey } from './me-key';

export { meKey };

/**
 * The calls below with the api client and its schemas (./identity-calls), loaded on first use so a
 * prerendered public page hydrates without them; a failed load reads as the network's failure.
 */
const identityCalls = loadOnUse(() => import('./identity-calls'));

/** The signed-in user, or null when signed out. */
export async function getMe(): Promise<User | null> {
  const calls = await identityCalls();
  try {
    return (await calls.me()).user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** Who is signed in (null: nobody), taken as current for a minute. */
export const meQuery = queryOptions({ queryKey: meKey, queryFn: getMe, staleTime: ME_STALE_MS });

export const useMe = () => useQuery({ ...meQuery, retry: 1 });

/** Puts the server's latest view of the user in the cache (after sign-up, verification, a profile save). */
export const useSetMe = () => {
  const qc = useQueryClient();
  return (user: User | null) => qc.setQueryData(meKey, user);
};

/** The user of a screen under the dashboard layout, which renders nothing until there is one. */
export function useSignedInUser(): User {
  const { data } = useMe();
  if (!data) throw new Error('useSignedInUser is only for screens under the signed-in layout');
  return data;
}

export const signOut = async () => (await identityCalls()).signOut();

/** Ends this session (the caller decides where the browser goes next). */
export const useSignOut = () => useMutation({ mutationFn: signOut });
