import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const getStudentProject = (id: string) => call(marketplace.studentProject, { params: { id } });

/** An open project as a student sees it, with their application if any. */
export const studentProjectQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['marketplace', 'project', id],
    queryFn: () => getStudentProject(id ?? ''),
    enabled: Boolean(id),
  });

export const useStudentProject = (id: string | null) => useQuery(studentProjectQuery(id));
