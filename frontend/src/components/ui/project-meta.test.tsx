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

  for (const [lang, notSelected, needsChanges] of [
    ['en', 'Not selected', 'Needs changes'],
    ['ar', 'لم يتم الاختيار', 'يحتاج إلى تعديلات'],
  ] as const) {
    it(`reads "${notSelected}" for a rejected application and "${needsChanges}" for a rejected project (${lang})`, async () => {
      await setLanguage(lang, { remember: false });
      await loadAppTexts();
      show(
        <>
          <ApplicationStatusBadge status="rejected" />
          <ProjectStatusBadge status="rejected" />
        </>,
      );
      expect(screen.getByText(notSelected)).toBeTruthy();
      expect(screen.getByText(needsChanges)).toBeTruthy();
      cleanup();
    });
  }
});
