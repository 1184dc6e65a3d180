import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { AuditTab } from './manage-users/audit-tab';
import { UsersTab } from './manage-users/users-tab';

/** Manage Users: find anyone and manage their access; the audit log of admin actions. */
export function ManageUsersPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageHeader title={t('dashboard.nav.manage-users')} subtitle={t('admin.users.subtitle')} />
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users">{t('admin.users.tab')}</Tabs.Tab>
          <Tabs.Tab value="audit">{t('admin.audit.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <AuditTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
