import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Pager } from '../../../components/ui/pager';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PageHeader } from '../../../components/ui/page-header';
import type { Overview } from '@mashrou/contracts';
import { useOverview } from '../api/get-overview';
import { useReviewAllNotifications } from '../api/review-all-notifications';
import { useReviewNotification } from '../api/review-notification';
import { useSignupNotifications } from '../api/get-signup-notifications';
import { PendingProjectsCard } from './pending-projects-card';
import { ReportedReviewsCard } from './reported-reviews-card';
import { SignupsChart } from './signups-chart';
import { formatDateTime, formatNumber } from '../../../lib/format';

/**
 * One figure; while it loads, placeholders of the size it will take (`hinted`: it comes with a line
 * under it), so nothing below moves when it arrives.
 */
function Stat({
  label,
  value,
  hint,
  hinted = false,
}: {
  label: string;
  value: string | number | undefined;
  hint?: string;
  hinted?: boolean;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text c="dimmed" fz="sm">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={28} mt={6} mb={8} />
      ) : (
        <Text fz={28} fw={800}>
          {value}
        </Text>
      )}
      {hint ? (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      ) : value === undefined && hinted ? (
        <Skeleton h={12} mt={4} mb={3} w="70%" />
      ) : null}
    </Paper>
  );
}

const pct = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)}%` : '—');

const COLORS: Record<string, string> = {
  pending: 'orange',
  open: 'teal',
  closed: 'gray',
  rejected: 'red',
  submitted: 'blue',
  under_review: 'indigo',
  shortlisted: 'grape',
  accepted: 'teal',
  withdrawn: 'gray',
};

/** About the height of a status breakdown (its placeholder's). */
const STATUS_BREAKDOWN_HEIGHT = 190;

/** Counts by status as one stacked bar with a legend. */
/**
 * A table's box, scrolled sideways by the browser on a narrow screen (a plain table, app/global.css:
 * Mantine's Table brings its ScrollArea and what that is built on, about 20 kB gzip, to the Overview).
 * It takes the keyboard's focus, so the arrow keys scroll it even when no cell has a control.
 */
function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} className="mantine-focus-auto" style={{ overflowX: 'auto' }}>
      {children}
    </Box>
  );
}

function StatusBreakdown({ title, counts, prefix }: { title: string; counts: Record<string, number>; prefix: string }) {
  const { t } = useTranslation();
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Text fw={700}>{formatNumber(total)}</Text>
      </Group>
      {/* A picture of the legend below, which says the same in words. */}
      <Progress.Root size="xl" radius="md" aria-hidden>
        {Object.entries(counts).map(([status, n]) =>
          n ? (
            <Progress.Section key={status} value={(100 * n) / total} color={COLORS[status] ?? 'gray'} withAria={false} />
          ) : null,
        )}
      </Progress.Root>
      <SimpleGrid cols={{ base: 2, sm: 3 }} mt="sm" spacing={6}>
        {Object.entries(counts).map(([status, n]) => (
          <Group key={status} gap={6} wrap="nowrap">
            <Badge size="xs" circle color={COLORS[status] ?? 'gray'} aria-hidden>
              {' '}
            </Badge>
            <Text fz="sm">
              {t(`${prefix}.${status}`)}: <b>{formatNumber(n)}</b>
            </Text>
          </Group>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function QueueHealthCard({ queues }: { queues: Overview['queues'] | undefined }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4">
          {t('adminHome.queues')}
        </Title>
        <Anchor href="/admin/queues">{t('adminHome.openQueues')}</Anchor>
      </Group>
      <Text c="dimmed" mb="sm">
        {t('adminHome.queuesBody')}
      </Text>
      {!queues ? (
        <Skeleton h={60} />
      ) : (
        <ScrollBox label={t('adminHome.queues')}>
          <table className="mashrou-table" data-testid="queue-health" style={{ minWidth: 480 }}>
            <thead>
              <tr>
                <th>{t('adminHome.queue')}</th>
                <th>{t('adminHome.waiting')}</th>
                <th>{t('adminHome.active')}</th>
                <th>{t('adminHome.delayed')}</th>
                <th>{t('adminHome.failed')}</th>
              </tr>
            </thead>
            <tbody>
              {queues.map((q) => (
                <tr key={q.name}>
                  <td>
                    <Group gap="xs">
                      <Text fw={600}>{t(`adminHome.queueName.${q.name}`, { defaultValue: q.name })}</Text>
                      {!q.ok ? <Badge color="red">{t('adminHome.queueDown')}</Badge> : null}
                    </Group>
                  </td>
                  <td>{q.waiting}</td>
                  <td>{q.active}</td>
                  <td>{q.delayed}</td>
                  <td>
                    {q.failed ? (
                      <Anchor href="/admin/queues" c="red" fw={700}>
                        {q.failed}
                      </Anchor>
                    ) : (
                      0
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </Card>
  );
}

function formatHours(h: number | null | undefined, t: TFunction) {
  if (h === undefined) return undefined;
  if (h === null) return '—';
  return h < 48 ? t('adminHome.hours', { count: Math.round(h) }) : t('adminHome.days', { count: Math.round(h / 24) });
}

export function AdminHome() {
  const { t } = useTranslation();
  const overview = useOverview();
  const [page, setPage] = useState(1);
  const list = useSignupNotifications(page);
  const reviewOne = useReviewNotification();
  const reviewAll = useReviewAllNotifications();
  const o = overview.data;
  const u = o?.users;

  return (
    <Stack>
      <PageHeader title={t('adminHome.title')} />
      {overview.isError ? <Alert color="red">{t('common.loadFailed')}</Alert> : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat
          hinted
          label={t('adminHome.users')}
          value={u ? formatNumber(u.total) : undefined}
          hint={
            u
              ? [
                  t('adminHome.studentCount', { count: u.students }),
                  t('adminHome.companyCount', { count: u.startups }),
                  t('adminHome.adminCount', { count: u.admins }),
                ].join(' · ')
              : undefined
          }
        />
        <Stat label={t('adminHome.newThisWeek')} value={u?.last7days} />
        <Stat
          hinted
          label={t('adminHome.verifiedShare')}
          value={u ? pct(u.verified, u.total) : undefined}
          hint={u ? t('adminHome.ofAll', { count: u.verified }) : undefined}
        />
        <Stat
          hinted
          label={t('adminHome.onboardedShare')}
          value={u ? pct(u.onboarded, u.total) : undefined}
          hint={u ? t('adminHome.ofAll', { count: u.onboarded }) : undefined}
        />
      </SimpleGrid>
      {/* The chart over two of three columns on a wide screen (app/global.css), the response time beside it. */}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Card withBorder radius="lg" padding="lg" className="mashrou-wide">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="h4">
              {t('adminHome.signups30')}
            </Title>
            {o ? (
              <Text c="dimmed" fz="sm">
                {t('adminHome.signupsTotal', { n: o.signupsPerDay.reduce((s, d) => s + d.count, 0) })}
              </Text>
            ) : null}
          </Group>
          {o ? <SignupsChart days={o.signupsPerDay} /> : <Skeleton h={160} />}
        </Card>
        <Box style={{ alignSelf: 'start' }}>
          <Stat
            hinted
            label={t('adminHome.medianResponse')}
            value={formatHours(o?.medianResponseHours, t)}
            hint={
              o
                ? o.answeredLast90Days
                  ? t('adminHome.medianHint', { count: o.answeredLast90Days })
                  : t('adminHome.medianNone')
                : undefined
            }
          />
        </Box>
      </SimpleGrid>
      {!o && !overview.isError ? (
        // Where the two breakdowns will be, so the cards below do not move when they arrive.
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton h={STATUS_BREAKDOWN_HEIGHT} radius="lg" />
          <Skeleton h={STATUS_BREAKDOWN_HEIGHT} radius="lg" />
        </SimpleGrid>
      ) : null}
      {o ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <StatusBreakdown title={t('adminHome.projectsByStatus')} counts={o.projectsByStatus} prefix="market.status" />
          <StatusBreakdown
            title={t('adminHome.applicationsByStatus')}
            counts={o.applicationsByStatus}
            prefix="market.applicationStatus"
          />
        </SimpleGrid>
      ) : null}
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="md">
          <Group gap="xs">
            <Title order={2} fz="h4">
              {t('adminHome.notifications')}
            </Title>
            {o?.pendingNotifications ? (
              <Badge color="orange">{t('adminHome.pending', { count: o.pendingNotifications })}</Badge>
            ) : null}
          </Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              reviewAll.mutate();
            }}
            disabled={!o?.pendingNotifications || reviewAll.isPending}
          >
            {t('adminHome.markAll')}
          </Button>
        </Group>
        {list.isError ? <Alert color="red">{t('common.loadFailed')}</Alert> : null}
        {list.data && list.data.items.length === 0 ? <Text c="dimmed">{t('adminHome.noNotifications')}</Text> : null}
        {list.data && list.data.items.length > 0 ? (
          <ScrollBox label={t('adminHome.notifications')}>
            <table className="mashrou-table" data-spacious data-hover style={{ minWidth: 560 }}>
              <tbody>
                {list.data.items.map((n) => (
                  <tr
                    key={n.id}
                    style={n.status === 'pending' ? { backgroundColor: 'var(--mantine-color-yellow-0)' } : undefined}
                    data-testid="signup-notification"
                  >
                    <td>
                      <Text fw={600}>{n.fullName}</Text>
                      <Text fz="sm" c="dimmed">
                        <bdi dir="ltr">{n.email}</bdi>
                      </Text>
                    </td>
                    <td>
                      <Badge variant="light">{t(`adminHome.${n.userType === 'startup' ? 'startup' : 'student'}`)}</Badge>
                    </td>
                    <td>
                      <Text fz="sm">{formatDateTime(n.signupTime)}</Text>
                    </td>
                    <td style={{ textAlign: 'end' }}>
                      {n.status === 'pending' ? (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => {
                            reviewOne.mutate(n.id);
                          }}
                        >
                          {t('adminHome.markReviewed')}
                        </Button>
                      ) : (
                        <Text fz="sm" c="dimmed">
                          {t('adminHome.reviewed')}
                        </Text>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        ) : null}
        {list.data && list.data.total > list.data.pageSize ? (
          <Pager mt="md" total={Math.ceil(list.data.total / list.data.pageSize)} value={page} onChange={setPage} />
        ) : null}
      </Card>
      <PendingProjectsCard />
      <Stack gap="xs" component="section" aria-labelledby="engagements">
        <Title order={2} fz="h4" id="engagements">
          {t('adminHome.engagements')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Stat label={t('adminHome.engagementsActive')} value={o?.engagements.active} />
          <Stat label={t('adminHome.engagementsLate')} value={o?.engagements.late} />
          <Stat label={t('adminHome.engagementsCompleted')} value={o?.engagements.completed} />
          <Stat label={t('adminHome.engagementsEndedEarly')} value={o?.engagements.endedEarly} />
        </SimpleGrid>
      </Stack>
      <ReportedReviewsCard waiting={o?.engagements.reportedReviews} />
      <QueueHealthCard queues={o?.queues} />
    </Stack>
  );
}
