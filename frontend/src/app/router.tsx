import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '../routes/error-screen';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner';

/** Route table; every screen is a lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/landing/landing-page')).LandingPage }) },
      { path: 'signin', lazy: async () => ({ Component: (await import('../routes/auth-soon')).SignInRoute }) },
      { path: 'signup', lazy: async () => ({ Component: (await import('../routes/auth-soon')).SignUpRoute }) },
      { path: '*', lazy: async () => ({ Component: (await import('../routes/not-found')).NotFoundPage }) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
