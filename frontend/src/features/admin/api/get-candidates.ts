import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

/** AI Recruitment filters as the page holds them ('' is "any"). */
export interface CandidateFilters {
  school: string;
  graduationYear: number | '';
  minScore: number;
  notApplied: boolean;
  page: number;
}

export const getCandidates = (projectId: string, f: CandidateFilters) =>
  call(admin.candidates, {
    params: { id: projectId },
    query: {
      school: f.school,
      graduationYear: f.graduationYear,
      minScore: f.minScore,
      notApplied: f.notApplied ? 'true' : undefined,
      page: f.page,
      pageSize: 20,
    },
  });

/** Students ranked for an open project, each with score, parts and reasons. */
export const useCandidates = (projectId: string | null, f: CandidateFilters) =>
  useQuery({
    queryKey: ['admin', 'recruit', 'candidates', projectId, f],
    queryFn: () => getCandidates(projectId ?? '', f),
    enabled: !!projectId,
    placeholderData: keepPreviousData,
  });
