import { Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import { Pager } from '../../../../components/ui/pager';
import { useTranslation } from 'react-i18next';
import type { Page, UserRow } from '@mashrou/contracts';
import { EmailAndCompany } from './email-and-company';
import { StatusBadges } from './status-badges';
import { formatDate } from '../../../../lib/format';

/** A page of users; a row (or its Open button) opens the user. */
export function UsersTable({
  data,
  page,
  onPage,
  onOpen,
  onClear,
}: {
  data: Page<UserRow>;
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: string) => void;
  /** Clears the search and filters (when any is set: the empty page offers it). */
  onClear?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding={0}>
      <Group justify="space-between" px="md" py="sm">
        <Text c="dimmed" fz="sm">
          {t('admin.users.count', { count: data.total })}
        </Text>
      </Group>
      {data.items.length === 0 ? (
        <Group px="md" pb="md">
          <Text c="dimmed">{t('admin.users.none')}</Text>
          {onClear ? (
            <Button variant="light" size="xs" onClick={onClear}>
              {t('admin.clearFilters')}
            </Button>
          ) : null}
        </Group>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="users-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.users.name')}</Table.Th>
                <Table.Th miw={120}>{t('admin.users.role')}</Table.Th>
                <Table.Th miw={200}>{t('admin.users.status')}</Table.Th>
                <Table.Th>{t('admin.users.joined')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((u) => (
                <Table.Tr
                  key={u.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => {
                    onOpen(u.id);
                  }}
                  data-testid="user-row"
                >
                  <Table.Td>
                    <Text fw={600}>{u.fullName}</Text>
                    <Text fz="sm" c="dimmed">
                      <EmailAndCompany email={u.email} companyName={u.companyName} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="outline">{t(`dashboard.roles.${u.userType}`)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadges u={u} />
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{formatDate(u.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(u.id);
                      }}
                    >
                      {t('admin.users.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data.total > data.pageSize ? (
        <Pager m="md" total={Math.ceil(data.total / data.pageSize)} value={page} onChange={onPage} />
      ) : null}
    </Card>
  );
}
