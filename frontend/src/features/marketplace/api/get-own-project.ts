import { useQuery } from '@tanstack/react-query';
import { marketplace } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

export const getOwnProject = (id: string) => call(marketplace.ownProject, { params: { id } });

/** One of the company's projects, to edit: read afresh each time the form opens. */
export const useOwnProject = (id: string | null) =>
  useQuery({
    queryKey: ['projects', 'own', id],
    queryFn: () => getOwnProject(id ?? ''),
    enabled: Boolean(id),
    gcTime: 0,
  });
