import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const reactivateUser = (id: string) => call(admin.reactivate, { params: { id } });

/** Reactivates a deactivated user; Manage Users is read again. */
export function useReactivateUser(id: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => reactivateUser(id), onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }) });
}
