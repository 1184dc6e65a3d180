import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const getOpenProjects = (q: string) => call(admin.openProjects, { query: { q } });

/** Open projects to rank students for, by title. */
export const useOpenProjects = (q: string) =>
  useQuery({
    queryKey: ['admin', 'recruit', 'projects', q],
    queryFn: () => getOpenProjects(q),
    placeholderData: keepPreviousData,
  });
