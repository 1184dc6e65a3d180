import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import i18n, { loadAppTexts, setLanguage } from '../../lib/i18n';
import { ApplicationStatusBadge, ProjectStatusBadge } from './project-meta';

const show = (node: React.ReactNode) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  );

describe('status badges: an application and a project never share a label', () => {
  afterAll(() => setLanguage('en', { remember: false }));

  it('reads "Not selected" for a rejected application and "Needs changes" for a rejected project', async () => {
    await setLanguage('en', { remember: false });
    await loadAppTexts();
    show(
      <>
        <ApplicationStatusBadge status="rejected" />
        <ProjectStatusBadge status="rejected" />
      </>,
    );
    expect(screen.getByText('Not selected')).toBeTruthy();
    expect(screen.getByText('Needs changes')).toBeTruthy();
    cleanup();
  });

  it('in Arabic too', async () => {
    await setLanguage('ar', { remember: false });
    await loadAppTexts();
    show(
      <>
        <ApplicationStatusBadge status="rejected" />
        <ProjectStatusBadge status="rejected" />
      </>,
    );
    expect(screen.getByText('لم يتم الاختيار')).toBeTruthy();
    expect(screen.getByText('يحتاج إلى تعديلات')).toBeTruthy();
    cleanup();
  });
});
