import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
    <Modal
      opened={opened}
      onClose={onCancel}
      title={action ? t(`admin.users.confirm.${action.kind}.title`) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {action ? (
        <Stack>
          <Text>
            {t(`admin.users.confirm.${action.kind}.body`, {
              name,
              role: action.kind === 'role' ? t(`dashboard.roles.${action.role}`) : '',
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button
              color={action.kind === 'delete' ? 'red' : action.kind === 'deactivate' ? 'orange' : undefined}
              loading={busy}
              onClick={() => {
                onConfirm(action);
              }}
            >
              {t(`admin.users.confirm.${action.kind}.ok`)}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
