import { useQuery } from '@tanstack/react-query';
import { marketplace } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

export const getApplicants = (projectId: string) => call(marketplace.applicants, { params: { id: projectId } });

/** Applicants of one of the company's projects, with profile and assessment. */
export const useApplicants = (projectId: string | null) =>
  useQuery({
    queryKey: ['projects', projectId, 'applicants'],
    queryFn: () => getApplicants(projectId ?? ''),
    enabled: Boolean(projectId),
  });
