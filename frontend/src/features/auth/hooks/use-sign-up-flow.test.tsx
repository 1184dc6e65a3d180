import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { User } from '@mashrou/contracts';
import { AppProvider, createQueryClient } from '../../../app/provider';
import { meQuery } from '../../../lib/auth';
import { useSignUpFlow } from './use-sign-up-flow';

const company = (onboardingComplete: boolean): User => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'sami@aoun.test',
  fullName: 'Sami Aoun',
  companyName: 'Aoun Labs',
  userType: 'startup',
  emailVerified: true,
  emailNotifications: true,
  emailOff: [],
  locale: 'en',
  onboardingComplete,
  assessmentComplete: false,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
});

function Step() {
  return <p data-testid="step">{useSignUpFlow().step ?? 'leaving'}</p>;
}

/** /signup opened by a company whose account stands as `user` says, with nothing in its history entry. */
function openSignUp(user: User) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQuery.queryKey, user);
  const router = createMemoryRouter(
    [
      { path: '/signup', element: <Step /> },
      { path: '/dashboard', element: <p data-testid="step">dashboard</p> },
    ],
    { initialEntries: ['/signup'] },
  );
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { queryClient, router };
}

describe('useSignUpFlow', () => {
  it('a company that resumed at its last step and finishes it is told so, not sent to the dashboard first', async () => {
    const { queryClient, router } = openSignUp(company(false));
    expect(screen.getByTestId('step').textContent).toBe('additionalInfo');
    // Book a Call's Continue saves the account (its answer arrives before the step moves on).
    act(() => {
      queryClient.setQueryData(meQuery.queryKey, company(true));
    });
    await waitFor(() => {
      expect(screen.getByTestId('step').textContent).toBe('success');
    });
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('a finished account that opens sign-up goes to the dashboard', async () => {
    const { router } = openSignUp(company(true));
    expect((await screen.findByText('dashboard')).textContent).toBe('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
