import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@mashrou/contracts';

/** Deactivated, verified or not, onboarded. */
export function StatusBadges({ u }: { u: Pick<UserRow, 'verified' | 'onboardingComplete' | 'active'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {!u.active ? (
        <Badge color="red" variant="filled">
          {t('admin.users.deactivated')}
        </Badge>
      ) : null}
      <Badge color={u.verified ? 'teal' : 'gray'} variant="light">
        {t(u.verified ? 'admin.users.verified' : 'admin.users.unverified')}
      </Badge>
      {u.onboardingComplete ? (
        <Badge color="blue" variant="light">
          {t('admin.users.onboarded')}
        </Badge>
      ) : null}
    </Group>
  );
}
