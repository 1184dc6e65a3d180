import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/ui/pager';
import { errorText } from '../../../lib/error-messages';
import { formatDateTime } from '../../../lib/format';
import { useModerateReview, useReportedReviews } from '../api/reported-reviews';

/**
 * The reviews people reported: who wrote it about whom, on which project, what it says and why it
 * was reported; an admin hides it (nobody else sees it, it counts in no rating), keeps it, or shows
 * a hidden one again.
 */
export function ReportedReviewsCard({ waiting }: { waiting: number | undefined }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useReportedReviews(page);
  const moderate = useModerateReview();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="reported-reviews">
      <Group gap="xs" mb="md">
        <Title order={2} fz="h4" id="reported-reviews">
          {t('adminHome.reportedReviews')}
        </Title>
        {waiting ? <Badge color="orange">{t('adminHome.pending', { count: waiting })}</Badge> : null}
      </Group>
      {list.isError ? <Alert color="red">{t('common.loadFailed')}</Alert> : null}
      {moderate.error ? (
        <Alert color="red" role="alert" mb="sm">
          {errorText(moderate.error, t)}
        </Alert>
      ) : null}
      {list.data && list.data.items.length === 0 ? <Text c="dimmed">{t('adminHome.noReportedReviews')}</Text> : null}
      <Stack gap="sm">
        {list.data?.items.map((r) => (
          <Card key={r.id} withBorder p="sm" data-testid="reported-review">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Text fw={600} fz="sm">
                  {t('adminHome.reviewBy', { author: r.authorName, subject: r.subjectName })}
                </Text>
                <Text fz="xs" c="dimmed" dir="auto">
                  {r.projectTitle}
                </Text>
              </Stack>
              <Badge color={r.hidden ? 'gray' : 'orange'} variant="light">
                {t(r.hidden ? 'adminHome.reviewHidden' : 'adminHome.reviewShowing')}
              </Badge>
            </Group>
            <Text fz="sm" mt={4}>
              {t('market.outOfFive', { value: Math.round(r.overall * 10) / 10 })}
            </Text>
            {r.text ? (
              <Text fz="sm" mt={4} dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {r.text}
              </Text>
            ) : null}
            {r.reportReason ? (
              <Text fz="sm" mt={4} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                <strong>{t('adminHome.reportReason')}</strong> {r.reportReason}
                {r.reportedAt ? (
                  <Text span fz="xs" c="dimmed">
                    {' '}
                    ({formatDateTime(r.reportedAt)})
                  </Text>
                ) : null}
              </Text>
            ) : null}
            <Group gap="xs" mt="xs">
              {r.hidden ? (
                <Button
                  size="xs"
                  variant="default"
                  disabled={moderate.isPending}
                  onClick={() => {
                    moderate.mutate({ id: r.id, action: 'show' });
                  }}
                >
                  {t('adminHome.showReview')}
                </Button>
              ) : (
                <>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    disabled={moderate.isPending}
                    onClick={() => {
                      moderate.mutate({ id: r.id, action: 'hide' });
                    }}
                  >
                    {t('adminHome.hideReview')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={moderate.isPending}
                    onClick={() => {
                      moderate.mutate({ id: r.id, action: 'keep' });
                    }}
                  >
                    {t('adminHome.keepReview')}
                  </Button>
                </>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
      {list.data && list.data.total > list.data.pageSize ? (
        <Pager mt="md" total={Math.ceil(list.data.total / list.data.pageSize)} value={page} onChange={setPage} />
      ) : null}
    </Card>
  );
}
