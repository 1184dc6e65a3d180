import { useQuery } from '@tanstack/react-query';
import { api } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

export const optionsKey = ['onboarding', 'options'] as const;

export const getOnboardingOptions = () => call(api.onboarding.options);

/** Graduation years, the booking link and suggested skills: they change rarely. */
export const useOnboardingOptions = () => useQuery({ queryKey: optionsKey, queryFn: getOnboardingOptions, staleTime: 3_600_000 });
