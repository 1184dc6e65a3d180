/** Build-time prerender of the public pages (scripts/prerender.mjs imports the SSR build of this file). */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { App, createQueryClient, resolveLazyRoutes, routes, startSignedOut } from './app/app';
import { PRERENDERED_PATHS } from './app/prerendered';
import i18n, { LOCALES, isRtl, setLanguage, type Locale } from './lib/i18n';

export { LOCALES, PRERENDERED_PATHS, isRtl };

/** The page's title and description in `locale` (the shell's `<title>` and meta description). */
export async function meta(locale: Locale) {
  await setLanguage(locale, { remember: false });
  return { title: i18n.t('meta.title'), description: i18n.t('meta.description') };
}

/** The HTML of the app at `path` in `locale`, as a signed-out visitor first sees it. */
export async function render(path: string, locale: Locale = 'en'): Promise<string> {
  await setLanguage(locale, { remember: false });
  await resolveLazyRoutes(routes, path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  startSignedOut(queryClient);
  try {
    return renderToString(<App router={router} queryClient={queryClient} />);
  } finally {
    router.dispose();
    queryClient.clear();
  }
}
