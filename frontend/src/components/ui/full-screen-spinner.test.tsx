import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import i18n from '../../lib/i18n';
import { FullScreenSpinner } from './full-screen-spinner';

describe('FullScreenSpinner', () => {
  it('announces loading to assistive technology', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <FullScreenSpinner />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
  });
});
