import { queryOptions, useQuery } from '@tanstack/react-query';
import { onboarding } from '@mashrou/contracts/routes';
import { call } from './api-client';

/** The signed-in student's profile (settings edits it; applying offers its CV). */
export const studentProfileKey = ['profile', 'student'] as const;

export const getStudentProfile = () => call(onboarding.studentProfile);

export const studentProfileQuery = queryOptions({ queryKey: studentProfileKey, queryFn: getStudentProfile, staleTime: 60_000 });

export const useStudentProfile = (enabled = true) => useQuery({ ...studentProfileQuery, enabled });
