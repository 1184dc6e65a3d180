import type { UserType } from '@mashrou/contracts';
import { useChangeRole } from '../api/change-role';
import { useDeactivateUser } from '../api/deactivate-user';
import { useDeleteUser } from '../api/delete-user';
import { useReactivateUser } from '../api/reactivate-user';

/** What an admin can do to a user from Manage Users, each behind a confirmation. */
export type UserAction = { kind: 'role'; role: UserType } | { kind: 'deactivate' } | { kind: 'reactivate' } | { kind: 'delete' };

/** Runs one confirmed action on user `id`; `busy` while any of them is under way. */
export function useUserActions(id: string) {
  const role = useChangeRole(id);
  const deactivate = useDeactivateUser(id);
  const reactivate = useReactivateUser(id);
  const remove = useDeleteUser(id);

  async function run(action: UserAction): Promise<void> {
    switch (action.kind) {
      case 'role':
        await role.mutateAsync(action.role);
        return;
      case 'deactivate':
        await deactivate.mutateAsync();
        return;
      case 'reactivate':
        await reactivate.mutateAsync();
        return;
      case 'delete':
        await remove.mutateAsync();
        return;
    }
  }

  return { run, busy: role.isPending || deactivate.isPending || reactivate.isPending || remove.isPending };
}
