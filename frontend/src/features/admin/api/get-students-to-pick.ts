import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const getStudentsToPick = (q: string) => call(admin.students, { query: { q } });

/** Students to rank projects for, by name or email. */
export const useStudentsToPick = (q: string) =>
  useQuery({
    queryKey: ['admin', 'recruit', 'students', q],
    queryFn: () => getStudentsToPick(q),
    placeholderData: keepPreviousData,
  });
