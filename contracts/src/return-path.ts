/** The WHATWG URL of browsers and Node (the contracts compile without either's library types). */
declare const URL: new (input: string, base?: string) => { origin: string; pathname: string; search: string; hash: string };

/**
 * Where to go back to after signing in (`/signin?next=…`, a provider's sign-in): a path of the web
 * app at `origin` only — never another site (`//evil.example`, `/\evil.example`, `https://…`) and
 * never the api — else null. The web app and the api check it the same way.
 */
export function safeReturnPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  // `/.//evil.example` resolves to the path `//evil.example`, which a browser reads as another site.
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('//') || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
