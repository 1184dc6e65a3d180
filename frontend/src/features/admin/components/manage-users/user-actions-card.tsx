import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserDetail, UserType } from '@mashrou/contracts';
import { USER_TYPES } from '@mashrou/contracts/values';
import type { UserAction } from '../../hooks/use-user-actions';

/** Change the role, deactivate or reactivate, delete: each asks for confirmation first. Not on yourself. */
export function UserActionsCard({
  u,
  self,
  busy,
  onAction,
}: {
  u: UserDetail;
  self: boolean;
  busy: boolean;
  onAction: (action: UserAction) => void;
}) {
  const { t } = useTranslation();
  const [role, setRole] = useState<UserType | null>(null);
  return (
    <Card withBorder radius="md">
      <Title order={3} fz="h5" mb="xs">
        {t('admin.users.actions')}
      </Title>
      {self ? (
        <Text c="dimmed" fz="sm" mb="xs">
          {t('admin.users.selfNote')}
        </Text>
      ) : null}
      <Stack gap="sm">
        <Group align="flex-end">
          <Select
            label={t('admin.users.changeRole')}
            value={role ?? u.userType}
            onChange={(v) => {
              setRole(v);
            }}
            data={USER_TYPES.map((r) => ({ value: r, label: t(`dashboard.roles.${r}`) }))}
            allowDeselect={false}
            disabled={self}
            w={200}
          />
          <Button
            variant="default"
            disabled={self || !role || role === u.userType || busy}
            onClick={() => {
              if (role) onAction({ kind: 'role', role });
            }}
          >
            {t('admin.users.applyRole')}
          </Button>
        </Group>
        <Group>
          {u.active ? (
            <Button
              color="orange"
              variant="light"
              disabled={self || busy}
              onClick={() => {
                onAction({ kind: 'deactivate' });
              }}
            >
              {t('admin.users.deactivate')}
            </Button>
          ) : (
            <Button
              color="teal"
              variant="light"
              disabled={busy}
              onClick={() => {
                onAction({ kind: 'reactivate' });
              }}
            >
              {t('admin.users.reactivate')}
            </Button>
          )}
          <Button
            color="red"
            variant="light"
            disabled={self || busy}
            onClick={() => {
              onAction({ kind: 'delete' });
            }}
          >
            {t('admin.users.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
