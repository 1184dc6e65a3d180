import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Pagination, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { PendingProjectsCard } from '../../marketplace/components/pending-projects-card';
import { useOverview, useReviewNotifications, useSignupNotifications } from '../api/admin';

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text c="dimmed" fz="sm">{label}</Text>
      {value === undefined ? <Skeleton h={28} mt={6} /> : <Text fz={28} fw={800}>{value}</Text>}
    </Paper>
  );
}

export function AdminHome() {
  const { t } = useTranslation();
  const overview = useOverview();
  const [page, setPage] = useState(1);
  const list = useSignupNotifications(page);
  const review = useReviewNotifications();
  const u = overview.data?.users;

  return (
    <Stack>
      <PageHeader title={t('dashboard.admin.title')} />
      {overview.isError ? <Alert color="red">{t('common.loadFailed')}</Alert> : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label={t('dashboard.admin.users')} value={u?.total} />
        <Stat label={t('dashboard.admin.students')} value={u?.students} />
        <Stat label={t('dashboard.admin.companies')} value={u?.startups} />
        <Stat label={t('dashboard.admin.newThisWeek')} value={u?.last7days} />
        <Stat label={t('dashboard.admin.verified')} value={u?.verified} />
        <Stat label={t('dashboard.admin.onboarded')} value={u?.onboarded} />
        <Stat label={t('dashboard.admin.assessed')} value={u?.assessed} />
        <Stat label={t('dashboard.admin.admins')} value={u?.admins} />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="md">
          <Group gap="xs">
            <Title order={3} fz="h4">{t('dashboard.admin.notifications')}</Title>
            {overview.data?.pendingNotifications ? (
              <Badge color="orange">{overview.data.pendingNotifications} {t('dashboard.admin.pending')}</Badge>
            ) : null}
          </Group>
          <Button variant="light" size="xs" onClick={() => review.all.mutate()} disabled={!overview.data?.pendingNotifications || review.all.isPending}>
            {t('dashboard.admin.markAll')}
          </Button>
        </Group>
        {list.isError ? <Alert color="red">{t('common.loadFailed')}</Alert> : null}
        {list.data && list.data.items.length === 0 ? <Text c="dimmed">{t('dashboard.admin.noNotifications')}</Text> : null}
        {list.data && list.data.items.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Tbody>
                {list.data.items.map((n) => (
                  <Table.Tr key={n.id} bg={n.status === 'pending' ? 'var(--mantine-color-yellow-0)' : undefined} data-testid="signup-notification">
                    <Table.Td>
                      <Text fw={600}>{n.fullName}</Text>
                      <Text fz="sm" c="dimmed">{n.email}</Text>
                    </Table.Td>
                    <Table.Td><Badge variant="light">{t(`dashboard.admin.${n.userType === 'startup' ? 'startup' : 'student'}`)}</Badge></Table.Td>
                    <Table.Td><Text fz="sm">{new Date(n.signupTime).toLocaleString()}</Text></Table.Td>
                    <Table.Td ta="right">
                      {n.status === 'pending' ? (
                        <Button size="xs" variant="default" onClick={() => review.one.mutate(n.id)}>{t('dashboard.admin.markReviewed')}</Button>
                      ) : (
                        <Text fz="sm" c="dimmed">{t('dashboard.admin.reviewed')}</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {list.data && list.data.total > list.data.pageSize ? (
          <Pagination mt="md" total={Math.ceil(list.data.total / list.data.pageSize)} value={page} onChange={setPage} />
        ) : null}
      </Card>
      <PendingProjectsCard />
      <Card withBorder radius="lg" padding="lg">
        <Title order={3} fz="h4" mb="xs">{t('dashboard.admin.queues')}</Title>
        <Text c="dimmed" mb="sm">{t('dashboard.admin.queuesBody')}</Text>
        <Anchor href="/admin/queues">{t('dashboard.admin.openQueues')}</Anchor>
      </Card>
    </Stack>
  );
}
