import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const getProjectMatches = (studentId: string, page: number) =>
  call(admin.projectsFor, { params: { id: studentId }, query: { page, pageSize: 20 } });

/** Open projects ranked for a student. */
export const useProjectMatches = (studentId: string | null, page: number) =>
  useQuery({
    queryKey: ['admin', 'recruit', 'matches', studentId, page],
    queryFn: () => getProjectMatches(studentId ?? '', page),
    enabled: !!studentId,
    placeholderData: keepPreviousData,
  });
