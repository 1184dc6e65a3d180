import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppProvider } from '../../app/provider';
import { FullScreenSpinner } from './full-screen-spinner';

describe('FullScreenSpinner', () => {
  it('announces loading to assistive technology', () => {
    render(
      <AppProvider>
        <FullScreenSpinner />
      </AppProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
  });
});
