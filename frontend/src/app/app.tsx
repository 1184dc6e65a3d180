import { StrictMode } from 'react';
import { matchRoutes, RouterProvider, type createBrowserRouter, type RouteObject } from 'react-router-dom';
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { setLanguage, type Locale } from '../lib/i18n';
import { meKey } from '../lib/me-key';
import { markRenderedOnServer } from '../lib/server-rendered';
import { mayBeSignedIn } from '../lib/session-hint';
import { AppProvider } from './provider';
import { RootErrorBoundary } from './root-error-boundary';

// React DOM through the app's module too, so the bundle keeps it in one chunk with its internals.
export { createRoot, hydrateRoot } from 'react-dom/client';
export { createQueryClient } from './provider';
export { createRouter, hydrationFor, routes, screenCode } from './router';

/** Puts the app in the language this browser should show (lib/preferred-language) before its first render. */
export async function startLanguage(locale: Locale) {
  await setLanguage(locale, { remember: false });
}

/** The whole app; the same tree in the browser and in the prerender, so hydration matches. */
export function App({ router, queryClient }: { router: ReturnType<typeof createBrowserRouter>; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RootErrorBoundary>
          <RouterProvider router={router} />
        </RootErrorBoundary>
      </AppProvider>
    </StrictMode>
  );
}

/**
 * Loads the lazy routes that `path` matches and puts their components in the route table, so a router
 * created afterwards renders the page at once (no loading fallback): the prerender and the hydration
 * of a prerendered page both need the page's first render to be the page itself.
 */
export async function resolveLazyRoutes(routes: RouteObject[], path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

/**
 * A prerendered page shows the signed-out visitor's view; the browser starts from the same view. Where
 * the api marked this browser signed in it asks the server at once (the answer is stale from the start),
 * so a signed-in visitor's screen follows right after hydration; elsewhere there is nobody to ask about.
 */
export function startSignedOut(queryClient: QueryClient) {
  queryClient.setQueryData(meKey, null, { updatedAt: mayBeSignedIn() ? 0 : Date.now() });
}

/**
 * A signed-in screen (the dashboard) opened from an address: asks who is signed in at once, while the
 * screen's code is still loading, instead of once its layout first renders (a round trip less on a
 * phone before anything shows). A browser the api never marked signed in goes to sign in as before.
 */
export function startSignedIn(queryClient: QueryClient, path: string) {
  if (!mayBeSignedIn() || !/^\/dashboard(\/|$)/.test(path)) return;
  // A failure is the layout's to show: it asks again when it mounts (and says so if that fails too).
  import('../lib/auth').then(({ meQuery }) => queryClient.query(meQuery)).catch(() => undefined);
}

/**
 * A signed-in screen the api rendered (src/entry-server.tsx): the browser starts from the query cache
 * it was rendered from (who is signed in, the screen's first data), so hydration matches and nothing
 * is asked again until it goes stale.
 */
export function startFromServer(queryClient: QueryClient, state: string | null | undefined) {
  if (state) hydrate(queryClient, JSON.parse(state) as DehydratedState);
  markRenderedOnServer();
}
