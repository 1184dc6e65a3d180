import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import {
  closeProject,
  setApplicationStatus,
  useApplicants,
  useMyProjects,
  type Applicant,
  type ApplicationStatus,
  type Project,
} from '../api/marketplace';
import { ProjectMeta, StatusBadge } from './project-meta';
import { StorageError, downloadFile } from '../../../lib/upload';

function ApplicantCard({ a, onChanged }: { a: Applicant; onChanged: () => void }) {
  const { t } = useTranslation();
  const [next, setNext] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const moves = a.nextStatuses;
  async function update() {
    if (!next) return;
    setError(null);
    try {
      await setApplicationStatus(a.id, next as ApplicationStatus, notes.trim() || undefined);
      setNext(null);
      setNotes('');
      onChanged();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.loadFailed'));
    }
  }
  return (
    <Card withBorder radius="md" padding="md" data-testid="applicant">
      <Group justify="space-between" mb={6}>
        <Stack gap={0}>
          <Text fw={700}>{a.student.fullName}</Text>
          <Text fz="sm" c="dimmed">
            {[a.student.school, a.student.graduationYear].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <StatusBadge status={a.status} />
      </Group>
      <Group gap={6} mb="xs">
        <Badge variant="light" color={a.student.assessment ? 'teal' : 'gray'}>
          {a.student.assessment
            ? t('market.view.assessment', { score: a.student.assessment.overall })
            : t('market.view.noAssessment')}
        </Badge>
        {a.student.skills.map((s) => (
          <Badge key={s} variant="outline">
            {s}
          </Badge>
        ))}
        {a.student.linkedin ? (
          <Anchor href={a.student.linkedin} target="_blank" rel="noopener noreferrer" fz="sm">
            {t('market.view.linkedin')}
          </Anchor>
        ) : null}
        {a.cvUrl ? (
          <Anchor
            href={a.cvUrl}
            fz="sm"
            data-testid="open-cv"
            onClick={(e) => {
              // Retried like uploads (spec §9); the plain link stays as a fallback.
              e.preventDefault();
              setError(null);
              downloadFile(a.cvUrl!, `${a.student.fullName} CV.pdf`, { signal: new AbortController().signal }).catch((err) =>
                setError(err instanceof StorageError ? err.message : t('common.loadFailed')),
              );
            }}
          >
            {t('market.view.cv')}
          </Anchor>
        ) : null}
      </Group>
      <Text fz="sm" fw={600}>
        {t('market.view.motivation')}
      </Text>
      <Text fz="sm" mb="xs" style={{ whiteSpace: 'pre-wrap' }}>
        {a.motivation}
      </Text>
      {a.notes ? (
        <Text fz="sm" c="dimmed" fs="italic">
          {a.notes}
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" mt="xs">
          {error}
        </Alert>
      ) : null}
      {moves.length ? (
        <Group align="flex-end" mt="sm">
          <Select
            label={t('market.view.move')}
            data={moves.map((m) => ({ value: m, label: t(`market.status.${m}`) }))}
            value={next}
            onChange={setNext}
            w={180}
          />
          <Textarea
            label={t('market.view.notes')}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            autosize
            minRows={1}
            maxLength={2000}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button onClick={() => void update()} disabled={!next}>
            {t('market.view.update')}
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}

function ProjectDetail({ p, onBack }: { p: Project; onBack: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const applicants = useApplicants(p.id);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['projects'] });
  return (
    <Stack>
      <Anchor component="button" onClick={onBack} w="fit-content">
        ← {t('market.view.back')}
      </Anchor>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="xs">
          <Title order={2} fz="h3">
            {p.title}
          </Title>
          <StatusBadge status={p.status} />
        </Group>
        <ProjectMeta p={p} />
        {p.status === 'rejected' && p.rejectionReason ? (
          <Alert color="red" mt="sm">
            {t('market.view.rejected', { reason: p.rejectionReason })}
          </Alert>
        ) : null}
        <Text mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {p.description}
        </Text>
        <Group mt="md">
          {p.status === 'pending' || p.status === 'rejected' ? (
            <Button component="a" href={`/dashboard/create-project?edit=${p.id}`} variant="light">
              {t('market.view.edit')}
            </Button>
          ) : null}
          {p.status === 'open' ? (
            <Button
              color="red"
              variant="light"
              onClick={() => {
                if (window.confirm(t('market.view.closeConfirm'))) void closeProject(p.id).then(refresh);
              }}
            >
              {t('market.view.close')}
            </Button>
          ) : null}
        </Group>
      </Card>
      <Title order={3} fz="h4">
        {t('market.view.applicants', { count: applicants.data?.length ?? 0 })}
      </Title>
      {applicants.isLoading ? <Skeleton h={120} /> : null}
      {applicants.isError ? <Alert color="red">{t('common.loadFailed')}</Alert> : null}
      {applicants.data?.length === 0 ? <Text c="dimmed">{t('market.view.noApplicants')}</Text> : null}
      {applicants.data?.map((a) => (
        <ApplicantCard key={a.id} a={a} onChanged={refresh} />
      ))}
    </Stack>
  );
}

/** View Projects: the company's projects with status and applicants; one project with its applicants. */
export function ViewProjectsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const projects = useMyProjects();
  const selected = projects.data?.find((p) => p.id === params.get('project'));
  if (selected) return <ProjectDetail p={selected} onBack={() => setParams({})} />;
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
              <StatusBadge status={p.status} />
            </Group>
            <ProjectMeta p={p} />
            <Group justify="space-between" mt="md">
              <Group gap="xs">
                <Text fz="sm">{t('market.view.applicants', { count: p.applicants ?? 0 })}</Text>
                {p.newApplicants ? <Badge color="orange">{t('market.view.new', { count: p.newApplicants })}</Badge> : null}
              </Group>
              <Button size="xs" variant="light" onClick={() => setParams({ project: p.id })}>
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
