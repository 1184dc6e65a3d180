import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApplicationStatusBadge } from '../../../components/ui/project-meta';
import { useMyApplications } from '../api/get-my-applications';
import { projectHref } from '../links';

/** The student home's latest application updates. */
export function RecentApplicationsCard() {
  const { t } = useTranslation();
  const apps = useMyApplications(1);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="h4" mb="sm">
        {t('market.student.recent')}
      </Title>
      {apps.data?.items.length === 0 ? <Text c="dimmed">{t('market.student.noApps')}</Text> : null}
      <Stack gap="xs">
        {apps.data?.items.slice(0, 5).map((a) => (
          <Group key={a.id} justify="space-between">
            <Anchor fz="sm" href={projectHref(a.projectId)}>
              {a.projectTitle || t('market.unknownProject')}
            </Anchor>
            <ApplicationStatusBadge status={a.status} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
