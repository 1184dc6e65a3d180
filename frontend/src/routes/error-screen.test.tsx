import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { ErrorScreen, errorText } from './error-screen';

describe('ErrorScreen', () => {
  it('shows the spec texts and the error message', () => {
    render(
      <AppProvider>
        <MemoryRouter>
          <ErrorScreen error={new Error('Boom at checkout')} />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Boom at checkout')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('falls back to a readable text for odd errors', () => {
    expect(errorText(undefined, 'An unknown error occurred')).toBe('An unknown error occurred');
    expect(errorText('plain', 'x')).toBe('plain');
  });
});
