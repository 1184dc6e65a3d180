import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USER_TYPES } from '@mashrou/contracts/values';
import type { Flag, UserFilters as Filters } from '../../api/get-users';

/** A yes / no / any filter. */
function FlagSelect({
  label,
  value,
  onChange,
  yes,
  no,
}: {
  label: string;
  value: Flag;
  onChange: (v: Flag) => void;
  yes: string;
  no: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      value={value}
      onChange={(v) => {
        onChange(v ?? '');
      }}
      data={[
        { value: '', label: t('admin.users.any') },
        { value: 'true', label: yes },
        { value: 'false', label: no },
      ]}
      allowDeselect={false}
    />
  );
}

/** Role, verified, onboarded and active filters. */
export function UserFilters({ f, onChange }: { f: Omit<Filters, 'q'>; onChange: (patch: Partial<Filters>) => void }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <Select
        label={t('admin.users.role')}
        value={f.role}
        onChange={(v) => {
          onChange({ role: v ?? '' });
        }}
        data={[
          { value: '', label: t('admin.users.allRoles') },
          ...USER_TYPES.map((r) => ({ value: r, label: t(`dashboard.roles.${r}`) })),
        ]}
        allowDeselect={false}
      />
      <FlagSelect
        label={t('admin.users.verifiedFilter')}
        value={f.verified}
        onChange={(v) => {
          onChange({ verified: v });
        }}
        yes={t('admin.users.verified')}
        no={t('admin.users.unverified')}
      />
      <FlagSelect
        label={t('admin.users.onboardedFilter')}
        value={f.onboarded}
        onChange={(v) => {
          onChange({ onboarded: v });
        }}
        yes={t('admin.users.onboarded')}
        no={t('admin.users.notOnboarded')}
      />
      <FlagSelect
        label={t('admin.users.activeFilter')}
        value={f.active}
        onChange={(v) => {
          onChange({ active: v });
        }}
        yes={t('admin.users.active')}
        no={t('admin.users.deactivated')}
      />
    </SimpleGrid>
  );
}
