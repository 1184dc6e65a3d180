import { useCallback, useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onboarding } from '@mashrou/contracts/routes';
import { call } from './api-client';

export const optionsKey = ['onboarding', 'options'] as const;

export const getOnboardingOptions = () => call(onboarding.options);

/**
 * Graduation years, the booking link and the skills vocabulary, in the language shown (the api
 * words them by `Accept-Language`, so the language is part of the key): they change rarely.
 */
export const onboardingOptionsQuery = (language: string) =>
  queryOptions({ queryKey: [...optionsKey, language], queryFn: getOnboardingOptions, staleTime: 3_600_000 });

export function useOnboardingOptions() {
  const { i18n } = useTranslation();
  return useQuery(onboardingOptionsQuery(i18n.language));
}

/**
 * A skill as the reader calls it: skills are stored by their English value, and the vocabulary
 * gives each its label in the language shown. A skill outside the vocabulary (typed by someone)
 * is shown as it was typed.
 */
export function useSkillLabel(): (value: string) => string {
  const options = useOnboardingOptions();
  const labels = useMemo(
    () => new Map((options.data?.suggestedSkills ?? []).map((s) => [s.value.toLowerCase(), s.label])),
    [options.data],
  );
  return useCallback((value: string) => labels.get(value.toLowerCase()) ?? value, [labels]);
}
