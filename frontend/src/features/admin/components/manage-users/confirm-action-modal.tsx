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
  // Before the first question there is nothing to ask (the drawer keeps the last one afterwards).
  if (!action) return null;
  return (
    <ConfirmModal
      opened={opened}
      title={t(`admin.users.confirm.${action.kind}.title`)}
      confirmLabel={t(`admin.users.confirm.${action.kind}.ok`)}
      color={action.kind === 'delete' ? 'red' : action.kind === 'deactivate' ? 'orange' : undefined}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => {
        onConfirm(action);
      }}
    >
      {t(`admin.users.confirm.${action.kind}.body`, {
        name,
        role: action.kind === 'role' ? t(`dashboard.roles.${action.role}`) : '',
      })}
    </ConfirmModal>
  );
}
