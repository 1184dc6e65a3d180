/**
 * Where to go back to after signing in (`/signin?next=…`): a path of this web app only — never
 * another site (`//evil.example`, `/\evil.example`, `https://…`) and never the api — else null.
 */
export function safeReturnPath(raw: string | null | undefined, origin = window.location.origin): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in address that comes back to `path` (a signed-out visitor of a signed-in page); plain
 * `/signin` for the dashboard's home, where signing in lands anyway.
 */
export const signInReturningTo = (path: string) =>
  path === '/dashboard' || path === '/dashboard/' ? '/signin' : `/signin?next=${encodeURIComponent(path)}`;
