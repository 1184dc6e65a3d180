/** Public pages rendered to HTML at build time (scripts/prerender.mjs); the browser hydrates them. */
export const PRERENDERED_PATHS = ['/', '/signin', '/signup'] as const;

/**
 * Whether the page in `container` was prerendered for `pathname` in `language` (and so can be
 * hydrated): a page in another language is rendered afresh instead.
 */
export function isPrerenderedFor(container: HTMLElement, pathname: string, language: string) {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return (
    container.dataset.prerendered === path &&
    (container.dataset.lang ?? 'en') === language &&
    ((PRERENDERED_PATHS as readonly string[]).includes(path) || renderedSignedIn(container))
  );
}

/**
 * Whether the api rendered the page in `container` for its signed-in user (a dashboard screen, in the
 * account's language, with the query cache it was rendered from in the `SERVER_STATE_ID` element).
 */
export function renderedSignedIn(container: HTMLElement) {
  return container.dataset.signedIn !== undefined;
}

/** The id of the JSON the api writes a signed-in page's query cache into. */
export const SERVER_STATE_ID = 'server-state';
