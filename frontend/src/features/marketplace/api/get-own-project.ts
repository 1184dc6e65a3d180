import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const getOwnProject = (id: string) => call(marketplace.ownProject, { params: { id } });

/** One of the company's projects, to edit or to review its applicants: read afresh each time it opens. */
export const ownProjectQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['projects', 'own', id],
    queryFn: () => getOwnProject(id ?? ''),
    enabled: Boolean(id),
    gcTime: 0,
  });

export const useOwnProject = (id: string | null) => useQuery(ownProjectQuery(id));
