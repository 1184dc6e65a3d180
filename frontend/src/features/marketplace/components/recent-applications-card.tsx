import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApplicationStatusBadge } from '../../../components/ui/project-meta';
import { useMyApplications } from '../api/get-my-applications';

/** The student home's latest application updates. */
export function RecentApplicationsCard() {
  const { t } = useTranslation();
  const apps = useMyApplications();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="h4" mb="sm">
        {t('market.student.recent')}
      </Title>
      {apps.data?.items.length === 0 ? <Text c="dimmed">{t('market.student.noApps')}</Text> : null}
      <Stack gap="xs">
        {apps.data?.items.slice(0, 5).map((a) => (
          <Group key={a.id} justify="space-between">
            <Text fz="sm">{a.projectTitle || t('market.unknownProject')}</Text>
            <ApplicationStatusBadge status={a.status} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
