import { Alert, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus } from '@mashrou/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { ApplicationStatusBadge } from '../../../components/ui/project-meta';
import { errorText } from '../../../lib/error-messages';
import { useMyApplications } from '../api/get-my-applications';
import { useWithdrawApplication } from '../api/withdraw-application';
import { formatDateTime } from '../../../lib/format';

/** Statuses a student may still withdraw from. */
const UNDECIDED: readonly ApplicationStatus[] = ['submitted', 'under_review', 'shortlisted'];

/** My Applications: every application with status, the company's note and last update (spec §3). */
export function MyApplicationsPage() {
  const { t } = useTranslation();
  const apps = useMyApplications();
  const withdraw = useWithdrawApplication();
  return (
    <Stack maw={860}>
      <PageHeader title={t('market.mine.title')} />
      {apps.isLoading ? <Skeleton h={160} /> : null}
      {/* Spec §8: lookup errors are shown, never swallowed. */}
      {apps.isError ? (
        <Alert color="red" role="alert">
          {errorText(apps.error, t)}
        </Alert>
      ) : null}
      {apps.data?.items.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="flex-start">
            <Text c="dimmed">{t('market.mine.empty')}</Text>
            <Button component="a" href="/dashboard/browse-projects">
              {t('market.mine.browse')}
            </Button>
          </Stack>
        </Card>
      ) : null}
      {apps.data?.items.map((a) => (
        <Card key={a.id} withBorder radius="lg" padding="lg" data-testid="my-application">
          <Group justify="space-between" mb={4}>
            <Text fw={700}>{a.projectTitle || t('market.unknownProject')}</Text>
            <ApplicationStatusBadge status={a.status} />
          </Group>
          <Text fz="sm" c="dimmed">
            {t('market.mine.updated', { date: formatDateTime(a.updatedAt) })}
          </Text>
          {a.notes ? (
            <Alert color="blue" mt="sm" title={t('market.mine.notes')}>
              <Text dir="auto" fz="sm">
                {a.notes}
              </Text>
            </Alert>
          ) : null}
          {UNDECIDED.includes(a.status) ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              mt="sm"
              w="fit-content"
              onClick={() => {
                if (window.confirm(t('market.mine.withdrawConfirm'))) withdraw.mutate(a.id);
              }}
            >
              {t('market.mine.withdraw')}
            </Button>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}

export default MyApplicationsPage;
