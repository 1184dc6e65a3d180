import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onboarding } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const assessmentKey = ['onboarding', 'assessment'] as const;

export const getAssessment = () => call(onboarding.assessment);

/** The questions (in the language shown: it is part of the key) and, if taken, the student's result. */
export const assessmentQuery = (language: string) =>
  queryOptions({ queryKey: [...assessmentKey, language], queryFn: getAssessment });

export function useAssessment(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({ ...assessmentQuery(i18n.language), enabled });
}
