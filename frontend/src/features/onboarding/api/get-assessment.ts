import { useQuery } from '@tanstack/react-query';
import { api } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

export const assessmentKey = ['onboarding', 'assessment'] as const;

export const getAssessment = () => call(api.onboarding.assessment);

/** The questions and, if taken, the student's result. */
export const useAssessment = (enabled = true) => useQuery({ queryKey: assessmentKey, queryFn: getAssessment, enabled });
