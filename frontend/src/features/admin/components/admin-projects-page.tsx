import { Alert, Badge, Button, Card, CloseButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AdminProject } from '@mashrou/contracts';
import { PROJECT_STATUSES } from '@mashrou/contracts/values';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager } from '../../../components/ui/pager';
import { ApplicationStatusBadge, ProjectMeta, ProjectStatusBadge } from '../../../components/ui/project-meta';
import { StatusSelect } from '../../../components/ui/status-select';
import { errorText } from '../../../lib/error-messages';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { oneOfParam, pageParam, withParams } from '../../../lib/list-params';
import {
  ADMIN_APPLICATIONS_PAGE_SIZE,
  ADMIN_PROJECTS_PAGE_SIZE,
  useAdminProjectApplications,
  useAdminProjects,
} from '../api/moderate-projects';
import { ModerationModal, type ModerationKind } from './moderation-modal';

/** A project's applications, read only, for a complaint (opening them is audited). */
function ProjectApplications({ id }: { id: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const apps = useAdminProjectApplications(id, page, true);
  const pages = Math.ceil((apps.data?.total ?? 0) / ADMIN_APPLICATIONS_PAGE_SIZE);
  if (apps.isPending) return <Skeleton h={60} />;
  if (apps.isError) return <Alert color="red">{errorText(apps.error, t)}</Alert>;
  return (
    <Stack gap="xs" data-testid="admin-applications">
      <Text fz="xs" c="dimmed">
        {t('admin.projects.applicationsNote')}
      </Text>
      {apps.data.items.length === 0 ? <Text c="dimmed">{t('admin.projects.noApplications')}</Text> : null}
      {apps.data.items.map((a) => (
        <Card key={a.id} withBorder padding="sm" radius="md">
          <Group justify="space-between">
            <Text fw={600} fz="sm">
              {a.studentName ?? t('admin.projects.deletedStudent')}
            </Text>
            <ApplicationStatusBadge status={a.status} />
          </Group>
          <Text fz="xs" c="dimmed">
            {t('admin.projects.appliedOn', { date: formatDateTime(a.createdAt) })}
            {a.hasCv ? ` · ${t('admin.projects.withCv')}` : ''}
          </Text>
          <Text dir="auto" fz="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {a.motivation}
          </Text>
          {a.notes ? (
            <Text dir="auto" fz="sm" c="dimmed" mt={4}>
              {t('admin.projects.companyNotes', { notes: a.notes })}
            </Text>
          ) : null}
        </Card>
      ))}
      {pages > 1 ? <Pager total={pages} value={page} onChange={setPage} size="sm" /> : null}
    </Stack>
  );
}

/** One project as admins see it: facts, who closed it, and what they may do with it. */
function AdminProjectCard({ p, onCompany }: { p: AdminProject; onCompany: (p: AdminProject) => void }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<ModerationKind | null>(null);
  const [showApps, setShowApps] = useState(false);
  return (
    <Card withBorder radius="md" padding="md" data-testid="admin-project">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} fz="h5" dir="auto">
            {p.title}
          </Title>
          <Group gap={6}>
            {p.companyId ? (
              <Button
                variant="subtle"
                size="compact-sm"
                px={4}
                onClick={() => {
                  onCompany(p);
                }}
                aria-label={t('admin.projects.onlyCompany', { company: p.companyName })}
              >
                {p.companyName}
              </Button>
            ) : (
              <Text fz="sm" c="dimmed">
                {p.companyName}
              </Text>
            )}
            <Text fz="xs" c="dimmed">
              {t('admin.projects.posted', { date: formatDate(p.createdAt) })}
            </Text>
          </Group>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <ProjectStatusBadge status={p.status} />
          {p.closedBy && p.closedAt ? (
            <Text fz="xs" c="dimmed">
              {t(`admin.projects.closedBy.${p.closedBy}`, { date: formatDate(p.closedAt) })}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <ProjectMeta p={p} />
      <Group mt="sm" gap="xs">
        <Button
          variant="light"
          size="xs"
          aria-expanded={showApps}
          onClick={() => {
            setShowApps((v) => !v);
          }}
        >
          {t('admin.projects.applications', { count: p.applicants, n: formatNumber(p.applicants) })}
        </Button>
        {p.status === 'open' ? (
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={() => {
              setAction('close');
            }}
          >
            {t('admin.projects.close.action')}
          </Button>
        ) : null}
        {p.status === 'closed' ? (
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              setAction('reopen');
            }}
          >
            {t('admin.projects.reopen.action')}
          </Button>
        ) : null}
        <Button
          variant="default"
          size="xs"
          onClick={() => {
            setAction('edit');
          }}
        >
          {t('admin.projects.edit.action')}
        </Button>
      </Group>
      {showApps ? (
        <Stack mt="sm">
          <ProjectApplications id={p.id} />
        </Stack>
      ) : null}
      {action ? (
        <ModerationModal
          p={p}
          kind={action}
          onClose={() => {
            setAction(null);
          }}
        />
      ) : null}
    </Card>
  );
}

/** Admin: every project — search, filter by status and company, pages — and what admins may do with each. */
export function AdminProjectsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const status = oneOfParam(params, 'status', PROJECT_STATUSES);
  const q = params.get('q') ?? undefined;
  const companyId = params.get('company') ?? undefined;
  const companyName = params.get('companyName') ?? undefined;
  const [search, setSearch] = useState(q ?? '');
  const list = useAdminProjects({ page, status, q, companyId });
  const pages = Math.ceil((list.data?.total ?? 0) / ADMIN_PROJECTS_PAGE_SIZE);

  return (
    <Stack maw={960}>
      <PageHeader title={t('admin.projects.title')} subtitle={t('admin.projects.subtitle')} />
      <Group align="flex-end">
        <form
          role="search"
          style={{ flex: 1, minWidth: 220 }}
          onSubmit={(e) => {
            e.preventDefault();
            setParams(withParams(params, { q: search.trim() || undefined }));
          }}
        >
          <TextInput
            label={t('admin.projects.search')}
            placeholder={t('admin.projects.searchHint')}
            maxLength={200}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
            }}
          />
        </form>
        <StatusSelect
          label={t('admin.projects.status')}
          allLabel={t('admin.projects.allStatuses')}
          statuses={PROJECT_STATUSES}
          labelOf={(s) => t(`market.status.${s}`)}
          value={status}
          onChange={(s) => {
            setParams(withParams(params, { status: s }), { replace: true });
          }}
        />
      </Group>
      {companyId ? (
        <Group gap={4}>
          <Badge variant="light" size="lg">
            {t('admin.projects.companyFilter', { company: companyName ?? '' })}
          </Badge>
          <CloseButton
            aria-label={t('admin.projects.clearCompany')}
            onClick={() => {
              setParams(withParams(params, { company: undefined, companyName: undefined }));
            }}
          />
        </Group>
      ) : null}
      {list.isError ? <Alert color="red">{errorText(list.error, t)}</Alert> : null}
      {list.isPending ? <Skeleton h={120} /> : null}
      {list.data ? (
        <Text fz="sm" c="dimmed" role="status">
          {t('admin.projects.count', { count: list.data.total, n: formatNumber(list.data.total) })}
        </Text>
      ) : null}
      {list.data?.total === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack gap="sm" align="flex-start">
            <Text c="dimmed">{t(q || status || companyId ? 'admin.projects.noneMatch' : 'admin.projects.none')}</Text>
            {q || status || companyId ? (
              <Button
                variant="light"
                onClick={() => {
                  setSearch('');
                  setParams(withParams(params, { q: undefined, status: undefined, company: undefined, companyName: undefined }));
                }}
              >
                {t('admin.clearFilters')}
              </Button>
            ) : null}
          </Stack>
        </Card>
      ) : null}
      <Stack>
        {list.data?.items.map((p) => (
          <AdminProjectCard
            key={p.id}
            p={p}
            onCompany={(c) => {
              setParams(withParams(params, { company: c.companyId, companyName: c.companyName }));
            }}
          />
        ))}
      </Stack>
      {pages > 1 ? (
        <Pager
          total={pages}
          value={page}
          onChange={(n) => {
            setParams(withParams(params, { page: n }));
          }}
        />
      ) : null}
    </Stack>
  );
}
