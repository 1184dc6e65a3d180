import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { routes } from './router';

const renderAt = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
};

describe('routes', () => {
  it('/ is the landing page with Sign Up and Sign In links', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Real projects that boost your career' })).toBeTruthy();
    const signUp = screen.getAllByRole('link', { name: 'Sign Up' });
    const signIn = screen.getAllByRole('link', { name: 'Sign In' });
    expect(signUp.every((a) => a.getAttribute('href') === '/signup')).toBe(true);
    expect(signIn.every((a) => a.getAttribute('href') === '/signin')).toBe(true);
  });

  it('an unknown path shows Page Not Found and Go Home', async () => {
    renderAt('/definitely/not/here');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });
});
