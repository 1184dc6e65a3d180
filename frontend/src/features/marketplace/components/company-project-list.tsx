import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PROJECT_STATUSES } from '@mashrou/contracts/values';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager } from '../../../components/ui/pager';
import { ProjectMeta, ProjectStatusBadge } from '../../../components/ui/project-meta';
import { StatusSelect } from '../../../components/ui/status-select';
import { errorText } from '../../../lib/error-messages';
import { withParams } from '../../../lib/list-params';
import { MY_PROJECTS_PAGE_SIZE, useMyProjects } from '../api/get-my-projects';
import { CompanyProjectDetail, listViewOf } from './company-project-parts';
import { ShowAllStatuses } from './show-all-statuses';

/** View Projects' list: the company's projects with status and applicants, a page at a time, of one status or all. */
export function CompanyProjectList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { status, page } = listViewOf(params);
  const projects = useMyProjects(page, status);
  const pages = Math.ceil((projects.data?.total ?? 0) / MY_PROJECTS_PAGE_SIZE);
  return (
    <Stack>
      <PageHeader
        title={t('market.view.title')}
        actions={
          <Button component="a" href="/dashboard/create-project">
            {t('market.view.create')}
          </Button>
        }
      />
      <StatusSelect
        label={t('market.view.filter')}
        allLabel={t('market.view.allStatuses')}
        statuses={PROJECT_STATUSES}
        labelOf={(s) => t(`market.status.${s}`)}
        value={status}
        onChange={(s) => {
          setParams(withParams(params, { status: s }), { replace: true });
        }}
      />
      {projects.isLoading ? <Skeleton h={160} /> : null}
      {/* Spec §8: lookup errors are shown, never swallowed. */}
      {projects.isError ? (
        <Alert color="red" role="alert">
          {errorText(projects.error, t)}
        </Alert>
      ) : null}
      {projects.data?.total === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="flex-start">
            <Text c="dimmed">{status ? t('market.view.noneWithStatus') : t('market.view.empty')}</Text>
            {status ? (
              <ShowAllStatuses
                onClick={() => {
                  setParams(withParams(params, { status: undefined }));
                }}
              />
            ) : (
              <Button component={Link} to="/dashboard/create-project">
                {t('dashboard.startup.nextPost')}
              </Button>
            )}
          </Stack>
        </Card>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {projects.data?.items.map((p) => (
          <Card key={p.id} withBorder radius="lg" padding="lg" data-testid="company-project">
            <Group justify="space-between" mb="xs">
              <Text fw={700}>{p.title}</Text>
              <ProjectStatusBadge status={p.status} />
            </Group>
            <ProjectMeta p={p} />
            <Group justify="space-between" mt="md">
              <Group gap="xs">
                <Text fz="sm">{t('market.view.applicants', { count: p.applicants })}</Text>
                {p.newApplicants ? <Badge color="orange">{t('market.view.new', { count: p.newApplicants })}</Badge> : null}
              </Group>
              <Button
                size="xs"
                variant="light"
                onPointerEnter={CompanyProjectDetail.load.start}
                onFocus={CompanyProjectDetail.load.start}
                onClick={() => {
                  setParams(withParams(params, { project: p.id }, null));
                }}
              >
                {t('market.view.open')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      {/* Also on a page past the end (an old link), to get back. */}
      {pages > 1 || page > 1 ? (
        <Pager
          total={Math.max(pages, 1)}
          value={page}
          onChange={(p) => {
            setParams(withParams(params, { page: p }));
          }}
        />
      ) : null}
    </Stack>
  );
}
