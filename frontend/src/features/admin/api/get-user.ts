import { useQuery } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const getUser = (id: string) => call(admin.user, { params: { id } });

/** One user: profile, assessment, projects or applications, invitations, audit. */
export const useUser = (id: string | null) =>
  useQuery({ queryKey: ['admin', 'user', id], queryFn: () => getUser(id ?? ''), enabled: !!id });
