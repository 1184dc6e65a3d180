import { safeReturnPath as ownPath } from '@mashrou/contracts/return-path';

/** Where to go back to after signing in: a path of this web app only, else null (contracts' `safeReturnPath`). */
export const safeReturnPath = (raw: string | null | undefined, origin = window.location.origin) => ownPath(raw, origin);

/**
 * The sign-in address that comes back to `path` (a signed-out visitor of a signed-in page); plain
 * `/signin` for the dashboard's home, where signing in lands anyway.
 */
export const signInReturningTo = (path: string) =>
  path === '/dashboard' || path === '/dashboard/' ? '/signin' : `/signin?next=${encodeURIComponent(path)}`;
