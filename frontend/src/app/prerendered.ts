/** Public pages rendered to HTML at build time (scripts/prerender.mjs); the browser hydrates them. */
export const PRERENDERED_PATHS = ['/', '/signin', '/signup'] as const;

/** Whether the page in `container` was prerendered for `pathname` (and so can be hydrated). */
export function isPrerenderedFor(container: HTMLElement, pathname: string) {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return container.dataset.prerendered === path && (PRERENDERED_PATHS as readonly string[]).includes(path);
}
