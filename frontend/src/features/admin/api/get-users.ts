import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserType } from '@mashrou/contracts';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

/** A yes / no filter, or '' for any. */
export type Flag = '' | 'true' | 'false';

/** Manage Users filters as the page holds them ('' is "any"). */
export interface UserFilters {
  role: '' | UserType;
  verified: Flag;
  onboarded: Flag;
  active: Flag;
  page: number;
  q: string;
}

export const getUsers = (f: UserFilters) =>
  call(admin.users, {
    query: {
      role: f.role || undefined,
      verified: f.verified || undefined,
      onboarded: f.onboarded || undefined,
      active: f.active || undefined,
      page: f.page,
      q: f.q,
      pageSize: 20,
    },
  });

/** Users by name, email or company, filtered; the last page stays on screen while the next loads. */
export const useUsers = (f: UserFilters) =>
  useQuery({ queryKey: ['admin', 'users', f], queryFn: () => getUsers(f), placeholderData: keepPreviousData });
