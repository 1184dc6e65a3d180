import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ProjectMeta, ProjectStatusBadge } from '../../../components/ui/project-meta';
import { useMyProjects } from '../api/get-my-projects';
import { CompanyProjectDetail } from './company-project-detail';

/** View Projects: the company's projects with status and applicants; one project with its applicants. */
export function ViewProjectsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const projects = useMyProjects();
  const selected = projects.data?.find((p) => p.id === params.get('project'));
  if (selected) {
    return (
      <CompanyProjectDetail
        p={selected}
        onBack={() => {
          setParams({});
        }}
      />
    );
  }
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
      {projects.isLoading ? <Skeleton h={160} /> : null}
      {projects.isError ? <Alert color="red">{t('common.loadFailed')}</Alert> : null}
      {projects.data?.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Text c="dimmed">{t('market.view.empty')}</Text>
        </Card>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {projects.data?.map((p) => (
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
                onClick={() => {
                  setParams({ project: p.id });
                }}
              >
                {t('market.view.open')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default ViewProjectsPage;
