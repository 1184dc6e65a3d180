import { noop, type QueryClient, type QueryExecuteOptions, type QueryKey } from '@tanstack/react-query';

/**
 * Starts a screen's first data requests, as its address asks for them, into the query cache its
 * components read (src/app/router.tsx runs it as the screen's route loader): the screen's module
 * exports it beside the screen.
 */
export type Prefetch = (queryClient: QueryClient, params: URLSearchParams) => void;

/**
 * The code a screen chose by who is signed in (a chunk per role) or by its address (a project's
 * application form), once loaded: the server renderer waits for it before rendering
 * (src/entry-server.tsx), and the browser before hydrating what it rendered (src/main.tsx).
 */
export type ScreenCode = (queryClient: QueryClient, params: URLSearchParams) => Promise<unknown>;

/**
 * Starts a query a screen will read (a route loader's prefetch) without waiting for it: fresh data
 * is left alone, and a failure is left in the cache for the screen, which asks again when it mounts
 * and shows the error if that fails too.
 */
export function startQuery<T, K extends QueryKey>(queryClient: QueryClient, options: QueryExecuteOptions<T, Error, T, T, K>) {
  queryClient.query(options).catch(noop);
}
