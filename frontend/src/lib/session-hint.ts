import { SIGNED_IN_COOKIE } from '@mashrou/contracts/session';

/**
 * Whether this browser may hold a session: the api sets a readable cookie beside the (httpOnly) session
 * cookie and clears it with it. Without it a public page need not ask the api who is signed in.
 */
export const mayBeSignedIn = () =>
  typeof document !== 'undefined' && document.cookie.split('; ').some((c) => c.startsWith(`${SIGNED_IN_COOKIE}=`));
