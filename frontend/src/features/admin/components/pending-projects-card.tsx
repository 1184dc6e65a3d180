import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePendingProjects } from '../api/get-pending-projects';
import { PendingProject } from './pending-project';

/** Admin: projects awaiting review, approve or reject with a reason. */
export function PendingProjectsCard() {
  const { t } = useTranslation();
  const pending = usePendingProjects();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="h4">
          {t('adminHome.review.pending')}
        </Title>
        <Anchor href="/dashboard/projects" fz="sm">
          {t('adminHome.allProjects')}
        </Anchor>
      </Group>
      {pending.isError ? <Alert color="red">{t('common.loadFailed')}</Alert> : null}
      {pending.data?.items.length === 0 ? <Text c="dimmed">{t('adminHome.review.none')}</Text> : null}
      <Stack>
        {pending.data?.items.map((p) => (
          <PendingProject key={p.id} p={p} />
        ))}
      </Stack>
    </Card>
  );
}
