import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const deleteUser = (id: string) => call(admin.deleteUser, { params: { id } });

/** Deletes a user, erasing their personal data; Manage Users is read again. */
export function useDeleteUser(id: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => deleteUser(id), onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }) });
}
