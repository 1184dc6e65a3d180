import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus } from '@mashrou/contracts';
import { APPLICATION_STATUSES } from '@mashrou/contracts/values';
import { ConfirmModal, preloadConfirm } from '../../../components/ui/confirm-modal';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager } from '../../../components/ui/pager';
import { ApplicationStatusBadge } from '../../../components/ui/project-meta';
import { StatusSelect } from '../../../components/ui/status-select';
import { errorText } from '../../../lib/error-messages';
import { oneOfParam, pageParam, withParams } from '../../../lib/list-params';
import { MY_APPLICATIONS_PAGE_SIZE, myApplicationsQuery, useMyApplications } from '../api/get-my-applications';
import { startQuery, type Prefetch } from '../../../lib/start-query';
import { useWithdrawApplication } from '../api/withdraw-application';
import { formatDateTime } from '../../../lib/format';
import { projectHref } from '../links';
import { MessageThread } from './message-thread';
import { WorkspacePanel } from './workspace-panel';
import { unreadMessagesQuery } from '../api/messages';
import { ShowAllStatuses } from './show-all-statuses';

/** Statuses a student may still withdraw from. */
const UNDECIDED: readonly ApplicationStatus[] = ['submitted', 'under_review', 'shortlisted'];

/** The page and status the address asks for (`?status=accepted&page=2`). */
const viewOf = (params: URLSearchParams) => ({
  status: oneOfParam(params, 'status', APPLICATION_STATUSES),
  page: pageParam(params),
});

/** My Applications' first request: the page of applications the address asks for. */
export const prefetch: Prefetch = (queryClient, params) => {
  const { page, status } = viewOf(params);
  startQuery(queryClient, myApplicationsQuery(page, status));
  // The message badges on the applications' threads.
  startQuery(queryClient, unreadMessagesQuery);
};

/**
 * My Applications (spec §3): every application with its status, what happens next, the company's
 * note and the last update; a page at a time, optionally of one status; each opens its project.
 */
export function MyApplicationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { status, page } = viewOf(params);
  const apps = useMyApplications(page, status);
  const withdraw = useWithdrawApplication();
  /** The application whose withdrawal is asked about (kept while the dialog closes, so its text stays). */
  const [asking, setAsking] = useState<{ id: string; title: string } | null>(null);
  const [askOpen, setAskOpen] = useState(false);
  const pages = Math.ceil((apps.data?.total ?? 0) / MY_APPLICATIONS_PAGE_SIZE);
  return (
    <Stack maw={860}>
      <PageHeader title={t('market.mine.title')} />
      <StatusSelect
        label={t('market.mine.filter')}
        allLabel={t('market.mine.allStatuses')}
        statuses={APPLICATION_STATUSES}
        labelOf={(s) => t(`market.applicationStatus.${s}`)}
        value={status}
        onChange={(s) => {
          setParams(withParams(params, { status: s }), { replace: true });
        }}
      />
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
            {status ? (
              <>
                <Text c="dimmed">{t('market.mine.noneWithStatus')}</Text>
                <ShowAllStatuses
                  onClick={() => {
                    setParams(withParams(params, { status: undefined }));
                  }}
                />
              </>
            ) : (
              <>
                <Text c="dimmed">{t('market.mine.empty')}</Text>
                <Button component="a" href="/dashboard/browse-projects">
                  {t('market.mine.browse')}
                </Button>
              </>
            )}
          </Stack>
        </Card>
      ) : null}
      {apps.data?.items.map((a) => (
        <Card key={a.id} withBorder radius="lg" padding="lg" data-testid="my-application">
          <Group justify="space-between" mb={4} wrap="nowrap" align="flex-start">
            <Anchor fw={700} href={projectHref(a.projectId)}>
              {a.projectTitle || t('market.unknownProject')}
            </Anchor>
            <ApplicationStatusBadge status={a.status} />
          </Group>
          <Text fz="sm">{t(`market.mine.next.${a.status}`)}</Text>
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
          {withdraw.isError && withdraw.variables === a.id ? (
            <Alert color="red" role="alert" mt="sm">
              {t('market.mine.withdrawFailed', { reason: errorText(withdraw.error, t) })}
            </Alert>
          ) : null}
          {UNDECIDED.includes(a.status) ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              mt="sm"
              w="fit-content"
              loading={withdraw.isPending && withdraw.variables === a.id}
              onClick={() => {
                setAsking({ id: a.id, title: a.projectTitle || t('market.unknownProject') });
                setAskOpen(true);
              }}
              onPointerEnter={preloadConfirm}
              onFocus={preloadConfirm}
            >
              {t('market.mine.withdraw')}
            </Button>
          ) : null}
          {a.status === 'accepted' ? <WorkspacePanel applicationId={a.id} /> : null}
          <MessageThread applicationId={a.id} status={a.status} />
        </Card>
      ))}
      {pages > 1 ? (
        <Pager
          total={pages}
          value={page}
          onChange={(p) => {
            setParams(withParams(params, { page: p }));
          }}
        />
      ) : null}
      <ConfirmModal
        opened={askOpen}
        title={t('market.mine.withdrawTitle')}
        confirmLabel={t('market.mine.withdrawOk')}
        color="red"
        onCancel={() => {
          setAskOpen(false);
        }}
        onConfirm={() => {
          if (asking) withdraw.mutate(asking.id);
          setAskOpen(false);
        }}
      >
        {t('market.mine.withdrawConfirm', { project: asking?.title ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}

export default MyApplicationsPage;
