import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApplicationStatusBadge } from '../../../components/ui/project-meta';
import { answerTime } from '../../../lib/format';
import { useAnswerTimes, useMyApplications } from '../api/get-my-applications';
import { projectHref } from '../links';

/** The student home's latest application updates. */
export function RecentApplicationsCard() {
  const { t } = useTranslation();
  const apps = useMyApplications(1);
  const times = new Map(useAnswerTimes().data?.items.map((i) => [i.applicationId, i.medianHours]));
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        {t('market.student.recent')}
      </Title>
      {apps.data?.items.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">{t('market.mine.empty')}</Text>
          <Button component="a" href="/dashboard/browse-projects" variant="light" size="xs">
            {t('market.mine.browse')}
          </Button>
        </Stack>
      ) : null}
      <Stack gap="xs">
        {apps.data?.items.slice(0, 5).map((a) => {
          const hours = times.get(a.id);
          return (
            <Group key={a.id} justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Anchor fz="sm" href={projectHref(a.projectId)}>
                  {a.projectTitle || t('market.unknownProject')}
                </Anchor>
                {hours !== undefined ? (
                  <Text fz="xs" c="dimmed">
                    {t('market.answersWithinShort', { time: answerTime(t, hours) })}
                  </Text>
                ) : null}
              </Stack>
              <ApplicationStatusBadge status={a.status} />
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
