import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserType } from '@mashrou/contracts';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const changeRole = (id: string, role: UserType) => call(admin.changeRole, { params: { id }, body: { role } });

/** Changes a user's role (they are signed out); Manage Users is read again. */
export function useChangeRole(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (role: UserType) => changeRole(id, role),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
