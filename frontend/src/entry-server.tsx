/**
 * The web app rendered to HTML outside the browser, with the SSR build of this file: the public pages
 * at build time (scripts/prerender.mjs), and a signed-in screen per request, with its user and first
 * data, by the api (backend/src/http/signed-in-pages.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { App, createQueryClient, resolveLazyRoutes, routes, startSignedOut } from './app/app';
import { PRERENDERED_PATHS } from './app/prerendered';
import { hydrationFor, prefetchScreen, screenCode } from './app/router';
import { canOpen } from './features/dashboard/nav';
import { setTimeZone } from './lib/format';
import { setTransport, type Transport } from './lib/api-client';
import { meQuery } from './lib/auth';
import i18n, { LOCALES, isRtl, loadAppTexts, loadLanguage, setLanguage, type Locale } from './lib/i18n';
import { pendingSignupStep, roleOf, type Role } from './lib/roles';
import { DASHBOARD_RENDER_DELAY_MS } from './lib/timings';
import { AREAS } from './locales/areas';

export { LOCALES, PRERENDERED_PATHS, isRtl, type Transport };

/** The page's title and description in `locale` (the shell's `<title>` and meta description). */
export async function meta(locale: Locale) {
  await setLanguage(locale, { remember: false });
  return { title: i18n.t('meta.title'), description: i18n.t('meta.description') };
}

/** Renders the app at `pathname` and `search` (with what `queryClient` holds) to HTML. */
function renderApp(pathname: string, search: string, queryClient: QueryClient): string {
  const router = createMemoryRouter(routes, { initialEntries: [`${pathname}${search}`], hydrationData: hydrationFor(pathname) });
  try {
    return renderToString(<App router={router} queryClient={queryClient} />);
  } finally {
    router.dispose();
  }
}

/**
 * The language shown is the process's (i18next's, read by every text and by the query keys that
 * depend on it): what reads it runs one at a time, in its own language.
 */
let languageTurn: Promise<unknown> = Promise.resolve();
function inLanguage<T>(locale: Locale, work: () => T | Promise<T>): Promise<T> {
  const run = languageTurn.then(async () => {
    await setLanguage(locale, { remember: false });
    return work();
  });
  languageTurn = run.catch(() => undefined);
  return run;
}

/** The HTML of the app at `path` in `locale`, as a signed-out visitor first sees it. */
export function render(path: string, locale: Locale = 'en'): Promise<string> {
  return inLanguage(locale, async () => {
    await resolveLazyRoutes(routes, path);
    const queryClient = createQueryClient();
    startSignedOut(queryClient);
    try {
      return renderApp(path, '', queryClient);
    } finally {
      queryClient.clear();
    }
  });
}

/**
 * Where a signed-in render's requests go (its visitor's own api) and, once the user is known, the
 * language the api answers its own texts in (the account's: the page is rendered in it).
 */
interface RenderCalls {
  api: Transport;
  locale?: Locale;
}
const renderCalls = new AsyncLocalStorage<RenderCalls>();
setTransport((url, init) => {
  const calls = renderCalls.getStore();
  if (!calls) return Promise.reject(new Error(`api call outside a signed-in render: ${url}`));
  const { api, locale } = calls;
  return api(
    url,
    locale ? { ...init, headers: { ...(init.headers as Record<string, string>), 'accept-language': locale } } : init,
  );
});

/** Every language's texts, loaded once (the app's screens need them before they render). */
let textsLoaded: Promise<unknown> | undefined;
const loadAllTexts = () => {
  textsLoaded ??= loadAppTexts(...AREAS)
    .then(() => Promise.all(LOCALES.map((l) => loadLanguage(l))))
    .catch((err: unknown) => {
      // Tried again by the next render.
      textsLoaded = undefined;
      throw err;
    });
  return textsLoaded;
};

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Resolves once `queryClient` asks nothing more: checked after each change of its queries, a task
 * later, as an answer may start another request (the home's, by role).
 */
function settled(queryClient: QueryClient) {
  return new Promise<void>((resolve) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      setTimeout(check, 0);
    });
    setTimeout(check, 0);
  });
}

/**
 * A signed-in screen as the api renders it: the HTML of #root, its language, whose screen it is (a
 * screen whose code differs by role has a page for each: scripts/prerender.mjs), and the query cache
 * it was rendered from.
 */
export interface SignedInPage {
  html: string;
  locale: Locale;
  role: Role;
  /** The dehydrated query cache, as JSON that is safe inside a `<script>` element. */
  state: string;
}

/** JSON that cannot end the `<script>` element it is written into, nor a line of it. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The dashboard screen at `url` (path and query) as its signed-in user first sees it: who is signed
 * in and the screen's first data are asked of `api` (the caller's own session), the spec's dashboard
 * delay is waited after the user arrives (§9), and the screen is rendered in the account's language,
 * from the same query cache the browser then hydrates from, its dates and times in `timeZone` (the
 * visitor's browser's). Null when the browser renders it instead: nobody signed in, an unverified
 * account (sent to verify), a screen not for this role (sent home). Once `signal` aborts (the caller
 * stopped waiting), it asks nothing more and renders nothing.
 */
export async function renderSignedIn(
  url: string,
  api: Transport,
  { timeZone, signal }: { timeZone: string; signal: AbortSignal },
): Promise<SignedInPage | null> {
  const { pathname, search, searchParams } = new URL(url, 'http://localhost');
  const sub = pathname.replace(/^\/dashboard\/?/, '');
  const queryClient = createQueryClient();
  // A request that failed is the browser's to ask again (and to show): not retried here, a second later.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const stop = () => {
    void queryClient.cancelQueries();
  };
  signal.addEventListener('abort', stop, { once: true });
  const go = () => {
    signal.throwIfAborted();
  };
  try {
    const calls: RenderCalls = { api };
    return await renderCalls.run(calls, async () => {
      await loadAllTexts();
      const user = await queryClient.query(meQuery);
      if (!user || pendingSignupStep(user) === 'emailVerification') return null;
      // The guard's own rule (RoleRoute): another role's screen sends its visitor home.
      if (sub && !canOpen(roleOf(user), sub)) return null;
      const delay = wait(DASHBOARD_RENDER_DELAY_MS);
      const { locale } = user;
      calls.locale = locale;
      await resolveLazyRoutes(routes, pathname);
      go();
      // Started in the account's language (some keys hold it), and given a turn to chain what follows.
      await inLanguage(locale, async () => {
        prefetchScreen(queryClient, pathname, searchParams);
        await wait(0);
      });
      const code = screenCode(queryClient, pathname, searchParams);
      await Promise.all([settled(queryClient), delay, code]);
      go();
      // What failed is asked again by the browser, which shows its loading state meanwhile (as rendered here).
      queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
      const html = await inLanguage(locale, () => {
        go();
        setTimeZone(timeZone);
        try {
          return renderApp(pathname, search, queryClient);
        } finally {
          setTimeZone(undefined);
        }
      });
      return { html, locale, role: roleOf(user), state: scriptSafeJson(dehydrate(queryClient)) };
    });
  } finally {
    signal.removeEventListener('abort', stop);
    queryClient.clear();
  }
}
