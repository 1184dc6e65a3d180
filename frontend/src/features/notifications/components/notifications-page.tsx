import { Alert, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '@mashrou/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager } from '../../../components/ui/pager';
import { errorText } from '../../../lib/error-messages';
import { formatDateTime } from '../../../lib/format';
import { useSignedInUser } from '../../../lib/auth';
import { roleOf, type Role } from '../../../lib/roles';
import { INBOX_PAGE_SIZE, inboxQuery, useInbox, useMarkAllRead, useMarkRead } from '../api/inbox';
import { startQuery, type Prefetch } from '../../../lib/start-query';

/** The page the address asks for, of every notification or only the unread (`?filter=unread&page=2`). */
const viewOf = (params: URLSearchParams) => ({
  onlyUnread: params.get('filter') === 'unread',
  page: Math.max(1, Number(params.get('page')) || 1),
});

/** Notifications' first request: the page the address asks for. */
export const prefetch: Prefetch = (queryClient, params) => {
  const { page, onlyUnread } = viewOf(params);
  startQuery(queryClient, inboxQuery(page, onlyUnread));
};

/** Where a notification leads: the project to apply to, the application, the applicants, the review queue. */
export function notificationHref(n: InboxItem, role: Role) {
  if (n.kind === 'project-submitted') return '/dashboard';
  if (n.kind === 'applicants-waiting') return '/dashboard/view-projects';
  if (n.kind === 'applications-closed') return '/dashboard/my-applications';
  // The project is closed for good: what the student may do next is find another.
  if (n.kind === 'company-left') return '/dashboard/browse-projects';
  if ((n.kind === 'deliverable-submitted' || (n.kind === 'milestone-overdue' && role === 'startup')) && n.projectId)
    return `/dashboard/view-projects?project=${n.projectId}`;
  if (n.kind === 'milestone-overdue') return '/dashboard/my-applications';
  if (
    n.kind === 'milestone-set' ||
    n.kind === 'milestone-changed' ||
    n.kind === 'deliverable-reviewed' ||
    n.kind === 'engagement-ended'
  )
    return '/dashboard/my-applications';
  if (n.kind === 'review-written') {
    return role === 'startup' && n.projectId ? `/dashboard/view-projects?project=${n.projectId}` : '/dashboard/my-applications';
  }
  if (n.kind === 'new-message') {
    return role === 'startup' && n.projectId ? `/dashboard/view-projects?project=${n.projectId}` : '/dashboard/my-applications';
  }
  if (!n.projectId) return n.kind === 'application-status' ? '/dashboard/my-applications' : '/dashboard';
  if (n.kind === 'invited' || n.kind === 'search-match') return `/dashboard/browse-projects?project=${n.projectId}`;
  if (n.kind === 'application-status') return '/dashboard/my-applications';
  return `/dashboard/view-projects?project=${n.projectId}`;
}

/** The sentence for a notification, in the reader's language, from its facts. */
function useNotificationText() {
  const { t } = useTranslation();
  return (n: InboxItem) => {
    const project = n.projectTitle ?? t('market.unknownProject');
    switch (n.kind) {
      case 'application-status':
        return t('notifications.kinds.application-status', {
          project,
          status: t(`market.applicationStatus.${n.status ?? 'submitted'}`),
        });
      case 'project-reviewed':
        return t(n.approved ? 'notifications.kinds.project-approved' : 'notifications.kinds.project-rejected', { project });
      case 'project-submitted':
        return n.count && n.count > 1
          ? t('notifications.kinds.projects-submitted', { project, company: n.companyName ?? '', count: n.count })
          : t('notifications.kinds.project-submitted', { project, company: n.companyName ?? '' });
      case 'invited':
        return t(`notifications.kinds.${n.kind}`, { project, company: n.companyName ?? '' });
      case 'new-message':
        return t('notifications.kinds.new-message', { project, sender: n.senderName ?? t('notifications.anyone') });
      case 'new-applicant':
      case 'applicant-withdrew':
        return t(`notifications.kinds.${n.kind}`, { project, student: n.studentName ?? t('notifications.someone') });
      case 'applications-closed':
        return n.action === 'closed'
          ? t('notifications.kinds.applications-closed-admin', { project })
          : t('notifications.kinds.applications-closed', { project, company: n.companyName ?? t('notifications.theCompany') });
      case 'deadline-passed':
        return n.count
          ? t('notifications.kinds.deadline-passed', { project, count: n.count })
          : t('notifications.kinds.deadline-passed-none', { project });
      case 'project-moderated':
        return t(`notifications.kinds.project-${n.action ?? 'edited'}`, { project, reason: n.reason ?? '' });
      case 'applicants-waiting':
        return t('notifications.kinds.applicants-waiting', { count: n.count ?? 0 });
      case 'company-left':
        return t('notifications.kinds.company-left', { project });
      case 'milestone-set':
        return t('notifications.kinds.milestone-set', {
          project,
          milestone: n.milestoneTitle ?? '',
          company: n.companyName ?? t('notifications.theCompany'),
        });
      case 'deliverable-submitted':
        return t('notifications.kinds.deliverable-submitted', {
          project,
          milestone: n.milestoneTitle ?? '',
          student: n.studentName ?? t('notifications.someone'),
        });
      case 'milestone-overdue':
        return n.studentName !== undefined
          ? t('notifications.kinds.milestone-overdue-company', {
              project,
              milestone: n.milestoneTitle ?? '',
              student: n.studentName,
            })
          : t('notifications.kinds.milestone-overdue-student', {
              project,
              milestone: n.milestoneTitle ?? '',
              company: n.companyName ?? t('notifications.theCompany'),
            });
      case 'deliverable-reviewed':
        return t(n.approved ? 'notifications.kinds.deliverable-accepted' : 'notifications.kinds.deliverable-changes', {
          project,
          milestone: n.milestoneTitle ?? '',
          company: n.companyName ?? t('notifications.theCompany'),
        });
      case 'milestone-changed':
        return n.action === 'removed'
          ? t('notifications.kinds.milestone-removed', { project, company: n.companyName ?? t('notifications.theCompany') })
          : t('notifications.kinds.milestone-edited', {
              project,
              company: n.companyName ?? t('notifications.theCompany'),
              milestone: n.milestoneTitle ?? '',
            });
      case 'engagement-ended':
        return n.approved
          ? t('notifications.kinds.engagement-completed', { project, company: n.companyName ?? t('notifications.theCompany') })
          : t('notifications.kinds.engagement-ended-early', {
              project,
              company: n.companyName ?? t('notifications.theCompany'),
              reason: n.reason ?? '',
            });
      case 'search-match':
        return t('notifications.kinds.search-match', { project, company: n.companyName ?? t('notifications.theCompany') });
      case 'review-written':
        return t(n.approved ? 'notifications.kinds.review-shown' : 'notifications.kinds.review-waiting', {
          project,
          name: n.senderName ?? '',
        });
    }
  };
}

/** Every role's notifications: newest first, unread marked, a page at a time; opening one marks it read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { page, onlyUnread } = viewOf(params);
  const inbox = useInbox(page, onlyUnread);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const text = useNotificationText();
  const role = roleOf(useSignedInUser());
  const pages = Math.ceil((inbox.data?.total ?? 0) / INBOX_PAGE_SIZE);
  const go = (next: { unread?: boolean; page?: number }) => {
    const p = new URLSearchParams();
    if (next.unread ?? onlyUnread) p.set('filter', 'unread');
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };
  const failed = inbox.error ?? markRead.error ?? markAll.error;

  return (
    <Stack maw={760}>
      <PageHeader title={t('notifications.title')} />
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t('notifications.show')}
          value={onlyUnread ? 'unread' : 'all'}
          data={[
            { value: 'all', label: t('notifications.all') },
            { value: 'unread', label: t('notifications.unread') },
          ]}
          onChange={(v) => {
            go({ unread: v === 'unread', page: 1 });
          }}
        />
        <Button
          variant="default"
          size="sm"
          disabled={!inbox.data?.unread || markAll.isPending}
          onClick={() => {
            markAll.mutate();
          }}
        >
          {t('notifications.markAll')}
        </Button>
      </Group>
      {inbox.isLoading ? <Skeleton h={200} /> : null}
      {failed ? (
        <Alert color="red" role="alert">
          {errorText(failed, t)}
        </Alert>
      ) : null}
      {inbox.data?.items.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Text c="dimmed">{onlyUnread ? t('notifications.allRead') : t('notifications.empty')}</Text>
        </Card>
      ) : null}
      {inbox.data?.items.length ? (
        <Card withBorder radius="lg" padding={0}>
          <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {inbox.data.items.map((n) => (
              <li key={n.id} data-testid="notification" data-read={n.read}>
                <UnstyledButton
                  w="100%"
                  p="md"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  bg={n.read ? undefined : 'var(--mantine-color-teal-0)'}
                  onClick={() => {
                    const open = () => void navigate(notificationHref(n, role));
                    if (n.read) open();
                    else markRead.mutate(n.id, { onSettled: open });
                  }}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2}>
                      <Text fz="sm" fw={n.read ? 400 : 700} dir="auto">
                        {text(n)}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {formatDateTime(n.createdAt)}
                      </Text>
                    </Stack>
                    {n.read ? null : (
                      <Text fz="xs" fw={700} c="teal.9" style={{ whiteSpace: 'nowrap' }}>
                        {t('notifications.new')}
                      </Text>
                    )}
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </Card>
      ) : null}
      {pages > 1 ? (
        <Pager
          total={pages}
          value={page}
          onChange={(p) => {
            go({ page: p });
          }}
        />
      ) : null}
    </Stack>
  );
}

export default NotificationsPage;
