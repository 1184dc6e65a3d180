import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import type { UserAction } from '../../hooks/use-user-actions';

/** Asks before an action on `name`; keeps showing its last question while it animates closed. */
export function ConfirmActionModal({
  action,
  opened,
  name,
  busy,
  onCancel,
  onConfirm,
}: {
  action: UserAction | null;
  opened: boolean;
  name: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (action: UserAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={opened && !!action}
      title={action ? t(`admin.users.confirm.${action.kind}.title`) : ''}
      confirmLabel={action ? t(`admin.users.confirm.${action.kind}.ok`) : ''}
      color={action?.kind === 'delete' ? 'red' : action?.kind === 'deactivate' ? 'orange' : undefined}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => {
        if (action) onConfirm(action);
      }}
    >
      {action
        ? t(`admin.users.confirm.${action.kind}.body`, {
            name,
            role: action.kind === 'role' ? t(`dashboard.roles.${action.role}`) : '',
          })
        : null}
    </ConfirmModal>
  );
}
