import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const deactivateUser = (id: string) => call(admin.deactivate, { params: { id } });

/** Deactivates a user (signed out everywhere, cannot sign in); Manage Users is read again. */
export function useDeactivateUser(id: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => deactivateUser(id), onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }) });
}
