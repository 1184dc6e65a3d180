import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  Navigate,
  RouterContextProvider,
  createBrowserRouter,
  createContext,
  matchRoutes,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { RouteErrorScreen } from '../routes/error-screen';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner';
import { loadAppTexts, type Area } from '../lib/i18n';
import { mayBeSignedIn } from '../lib/session-hint';
import type { Prefetch, ScreenCode } from '../lib/start-query';

/** A signed-in (or test) screen: its code and the app's texts (and its area's) load together (lib/i18n). */
const withAppTexts =
  <T,>(load: () => Promise<T>, ...areas: Area[]) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadAppTexts(...areas)]))[0];

/** The app's query cache, which route loaders fill (src/main.tsx creates the router with it). */
const queryClientContext = createContext<QueryClient>();

/** How long a move between screens waits for the part of the screen its address chose. */
const CODE_WAIT_MS = 300;

/**
 * A route loader that starts the screen's first requests as soon as its code has arrived (the
 * screen's own code preloads with the page: scripts/prerender.mjs), not once the layout has waited for
 * the user and the screen has rendered. It does not wait for them: the screen shows its own loading
 * state and errors as before. It waits a little for the screen's part (`code`: a role's home, a list
 * or a project) that the route itself does not hold. Only when the screen is entered: a change of its address (a filter, a
 * page) is the screen's own to fetch.
 */
const prefetching = (prefetch: Prefetch | undefined, code?: ScreenCode) =>
  prefetch && {
    // The server renderer runs it too (src/entry-server.tsx): it asks for the same first data, and
    // waits for the code the screen chose by who is signed in.
    handle: { prefetch, code },
    loader: async ({ request, context }: LoaderFunctionArgs<RouterContextProvider>) => {
      // A browser the api never marked signed in is sent to sign in: nothing to ask for. (A signed-in
      // visitor of another role asks once and is sent home by the screen's guard.)
      if (!mayBeSignedIn()) return null;
      const queryClient = context.get(queryClientContext);
      const params = new URL(request.url).searchParams;
      prefetch(queryClient, params);
      // The part of the screen its address or user chose arrives before the move is shown, so the screen
      // does not flash its placeholder; a part still loading after CODE_WAIT_MS shows its placeholder,
      // and one that fails to load its own Try again.
      if (code)
        await Promise.race([
          code(queryClient, params).catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, CODE_WAIT_MS)),
        ]);
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) => currentUrl.pathname !== nextUrl.pathname,
  };

/**
 * A role-only dashboard screen, loaded lazily with its guard and its texts (and what it fetches
 * first, if it says).
 */
const screen = (
  path: string,
  load: () => Promise<{ Screen: ComponentType; prefetch?: Prefetch; code?: ScreenCode }>,
  ...areas: Area[]
) => ({
  // Named, so the page a server rendered can say its loader ran there (hydrationFor).
  id: `dashboard/${path}`,
  path,
  lazy: async () => {
    const [{ RoleRoute }, { Screen, prefetch, code }] = await Promise.all([
      import('../features/dashboard/components/role-route'),
      load(),
      loadAppTexts(...areas),
    ]);
    return {
      Component: () => (
        <RoleRoute sub={path}>
          <Screen />
        </RoleRoute>
      ),
      ...prefetching(prefetch, code),
    };
  },
});

/** Route table; every screen is a lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/landing/landing-page')).LandingPage }) },
      {
        path: 'signin',
        lazy: async () => ({ Component: (await import('../features/auth/components/sign-in-page')).SignInPage }),
      },
      { path: 'login', element: <Navigate to="/signin" replace /> },
      { path: 'signup', lazy: async () => ({ Component: (await import('../routes/sign-up')).SignUpRoute }) },
      {
        path: 'reset-password',
        lazy: async () => ({ Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage }),
      },
      {
        path: 'unsubscribe',
        lazy: withAppTexts(async () => ({ Component: (await import('../routes/unsubscribe')).UnsubscribePage }), 'unsubscribe'),
      },
      {
        path: 'account-deleted',
        lazy: withAppTexts(
          async () => ({ Component: (await import('../routes/account-deleted')).AccountDeletedPage }),
          'accountDeleted',
        ),
      },
      {
        path: 'verify/:code',
        lazy: withAppTexts(
          async () => ({ Component: (await import('../routes/verify-certificate')).VerifyCertificatePage }),
          'verify',
        ),
      },
      {
        path: 'portfolio/:slug',
        lazy: withAppTexts(
          async () => ({ Component: (await import('../routes/portfolio-page')).PortfolioPage }),
          'portfolio',
          'verify',
        ),
      },
      {
        path: 'test-email',
        lazy: withAppTexts(async () => ({ Component: (await import('../features/test-pages/test-email-page')).TestEmailRoute })),
      },
      {
        path: 'test-onboarding-email',
        lazy: withAppTexts(async () => ({
          Component: (await import('../features/test-pages/test-email-page')).TestOnboardingEmailRoute,
        })),
      },
      { path: 'student-dashboard/*', element: <Navigate to="/dashboard" replace /> },
      {
        path: 'dashboard',
        id: 'dashboard',
        lazy: withAppTexts(async () => {
          const m = await import('../features/dashboard/components/dashboard-layout');
          return { Component: m.DashboardLayout, ...prefetching(m.prefetch) };
        }),
        children: [
          {
            index: true,
            id: 'dashboard/home',
            lazy: withAppTexts(async () => {
              const m = await import('../routes/dashboard-home');
              return { Component: m.DashboardHome, ...prefetching(m.prefetch, m.code) };
            }),
          },
          {
            path: 'settings',
            lazy: withAppTexts(
              async () => ({ Component: (await import('../features/settings/components/settings-page')).SettingsPage }),
              'settings',
              'portfolio',
              'student',
            ),
          },
          screen(
            'notifications',
            () =>
              import('../features/notifications/components/notifications-page').then((m) => ({
                Screen: m.NotificationsPage,
                prefetch: m.prefetch,
              })),
            'inbox',
          ),
          screen(
            'assessment',
            () => import('../features/onboarding/components/assessment-page').then((m) => ({ Screen: m.AssessmentPage })),
            'student',
          ),
          screen(
            'browse-projects',
            () =>
              import('../routes/browse-projects').then((m) => ({
                Screen: m.BrowseProjectsRoute,
                prefetch: m.prefetch,
                code: m.code,
              })),
            'student',
          ),
          screen(
            'my-applications',
            () =>
              import('../features/marketplace/components/my-applications-page').then((m) => ({
                Screen: m.MyApplicationsPage,
                prefetch: m.prefetch,
              })),
            'student',
          ),
          screen(
            'create-project',
            () => import('../routes/create-project').then((m) => ({ Screen: m.CreateProjectRoute })),
            'projectForm',
          ),
          screen('view-projects', () =>
            import('../features/marketplace/components/view-projects-page').then((m) => ({
              Screen: m.ViewProjectsPage,
              prefetch: m.prefetch,
              code: m.code,
            })),
          ),
          screen(
            'manage-users',
            () => import('../features/admin/components/manage-users-page').then((m) => ({ Screen: m.ManageUsersPage })),
            'admin',
            'student',
          ),
          screen(
            'projects',
            () => import('../features/admin/components/admin-projects-page').then((m) => ({ Screen: m.AdminProjectsPage })),
            'admin',
            'projectForm',
          ),
          screen(
            'ai-recruitment',
            () => import('../features/admin/components/ai-recruitment-page').then((m) => ({ Screen: m.AiRecruitmentPage })),
            'admin',
          ),
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('../routes/not-found')).NotFoundPage }) },
    ],
  },
];

/**
 * The code the screens at `path` chose by who is signed in or by the address (`params`), once loaded:
 * the server renders with it, and the browser waits for it before hydrating a page the server
 * rendered (so it hydrates in one go). Its lazy routes must be resolved (resolveLazyRoutes).
 */
export function screenCode(queryClient: QueryClient, path: string, params: URLSearchParams): Promise<unknown> {
  const code: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, path) ?? []) {
    const load = (route.handle as { code?: ScreenCode } | undefined)?.code;
    if (load) code.push(load(queryClient, params));
  }
  return Promise.all(code);
}

/**
 * The first data of the screens at `path`, as their route loaders would start it (the server renderer
 * waits for it; src/entry-server.tsx). Its lazy routes must be resolved (resolveLazyRoutes).
 */
export function prefetchScreen(queryClient: QueryClient, path: string, params: URLSearchParams) {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    (route.handle as { prefetch?: Prefetch } | undefined)?.prefetch?.(queryClient, params);
  }
}

/**
 * A page rendered with its data (on the server, or prerendered) starts with its route loaders done:
 * the router renders it at once, as it was rendered, instead of running them first.
 */
export function hydrationFor(path: string): HydrationState {
  const loaderData: Record<string, null> = {};
  for (const { route } of matchRoutes(routes, path) ?? []) if (route.loader && route.id) loaderData[route.id] = null;
  return { loaderData };
}

/** The browser's router; its loaders fill `queryClient` (not on the page it starts on, with `hydrationData`). */
export const createRouter = (queryClient: QueryClient, hydrationData?: HydrationState) =>
  createBrowserRouter(routes, {
    getContext: () => new RouterContextProvider(new Map([[queryClientContext, queryClient]])),
    hydrationData,
  });
