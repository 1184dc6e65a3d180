import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '../routes/error-screen';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner';
import { loadAppTexts } from '../lib/i18n';

/** A signed-in (or test) screen: its code and the app's texts load together (lib/i18n). */
const withAppTexts =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadAppTexts()]))[0];

/** A role-only dashboard screen, loaded lazily with its guard. */
const screen = (path: string, load: () => Promise<ComponentType>) => ({
  path,
  lazy: async () => {
    const [{ RoleRoute }, Screen] = await Promise.all([
      import('../features/dashboard/components/role-route'),
      load(),
      loadAppTexts(),
    ]);
    return {
      Component: () => (
        <RoleRoute sub={path}>
          <Screen />
        </RoleRoute>
      ),
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
        lazy: withAppTexts(async () => ({ Component: (await import('../routes/unsubscribe')).UnsubscribePage })),
      },
      {
        path: 'account-deleted',
        lazy: withAppTexts(async () => ({ Component: (await import('../routes/account-deleted')).AccountDeletedPage })),
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
        lazy: withAppTexts(async () => ({
          Component: (await import('../features/dashboard/components/dashboard-layout')).DashboardLayout,
        })),
        children: [
          {
            index: true,
            lazy: withAppTexts(async () => ({ Component: (await import('../routes/dashboard-home')).DashboardHome })),
          },
          {
            path: 'settings',
            lazy: withAppTexts(async () => ({
              Component: (await import('../features/settings/components/settings-page')).SettingsPage,
            })),
          },
          screen('notifications', () =>
            import('../features/notifications/components/notifications-page').then((m) => m.NotificationsPage),
          ),
          screen('assessment', () => import('../features/onboarding/components/assessment-page').then((m) => m.AssessmentPage)),
          screen('browse-projects', () => import('../routes/browse-projects').then((m) => m.BrowseProjectsRoute)),
          screen('my-applications', () =>
            import('../features/marketplace/components/my-applications-page').then((m) => m.MyApplicationsPage),
          ),
          screen('create-project', () => import('../routes/create-project').then((m) => m.CreateProjectRoute)),
          screen('view-projects', () =>
            import('../features/marketplace/components/view-projects-page').then((m) => m.ViewProjectsPage),
          ),
          screen('manage-users', () => import('../features/admin/components/manage-users-page').then((m) => m.ManageUsersPage)),
          screen('projects', () => import('../features/admin/components/admin-projects-page').then((m) => m.AdminProjectsPage)),
          screen('ai-recruitment', () =>
            import('../features/admin/components/ai-recruitment-page').then((m) => m.AiRecruitmentPage),
          ),
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('../routes/not-found')).NotFoundPage }) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
