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
    (PRERENDERED_PATHS as readonly string[]).includes(path)
  );
}
