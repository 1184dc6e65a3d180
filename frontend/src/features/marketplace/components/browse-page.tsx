import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { useOnboardingOptions } from '../../onboarding/api/onboarding';
import { applyTo, useBrowse, useStudentProject, type BrowseFilters, type Project } from '../api/marketplace';
import { ProjectMeta, StatusBadge } from './project-meta';
import { CvUpload } from './cv-upload';
import type { UploadedFile } from '../../../lib/upload';

function Section({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <Stack gap={4}>
      <Text fw={700}>{title}</Text>
      <List spacing={2}>
        {items.map((i) => (
          <List.Item key={i}>{i}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function ProjectPage({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const project = useStudentProject(id);
  const [motivation, setMotivation] = useState('');
  const [cv, setCv] = useState<UploadedFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const p = project.data;
  async function send() {
    if (motivation.trim().length < 20) return setError(t('market.project.tooShort'));
    setBusy(true);
    setError(null);
    try {
      await applyTo(id, motivation.trim(), cv?.id);
      await qc.invalidateQueries({ queryKey: ['marketplace'] });
      await qc.invalidateQueries({ queryKey: ['applications'] });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack maw={860}>
      <Anchor component="button" onClick={onBack} w="fit-content">
        ← {t('market.project.back')}
      </Anchor>
      {project.isLoading ? <Skeleton h={240} /> : null}
      {project.isError ? (
        <Alert color="red">{project.error instanceof ApiError ? project.error.message : t('common.loadFailed')}</Alert>
      ) : null}
      {p ? (
        <Card withBorder radius="lg" padding="lg">
          <Stack>
            <Stack gap={2}>
              <Title order={1} fz="h2">
                {p.title}
              </Title>
              <Text c="dimmed">{p.companyName}</Text>
            </Stack>
            <ProjectMeta p={p} />
            <Text style={{ whiteSpace: 'pre-wrap' }}>{p.description}</Text>
            {p.skills.length ? (
              <Group gap={6}>
                {p.skills.map((s) => (
                  <Badge key={s} variant="light">
                    {s}
                  </Badge>
                ))}
              </Group>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Section title={t('market.project.requirements')} items={p.requirements} />
              <Section title={t('market.project.responsibilities')} items={p.responsibilities} />
              <Section title={t('market.project.qualifications')} items={p.qualifications} />
            </SimpleGrid>
            {p.application ? (
              <Alert color="teal">
                <Group gap="xs">
                  {t('market.project.already', { date: new Date(p.application.createdAt).toLocaleDateString(), status: '' })}
                  <StatusBadge status={p.application.status} />
                </Group>
              </Alert>
            ) : (
              <Stack>
                <Title order={3} fz="h4">
                  {t('market.project.applyTitle')}
                </Title>
                {error ? (
                  <Alert color="red" role="alert">
                    {error}
                  </Alert>
                ) : null}
                <Textarea
                  label={t('market.project.motivation')}
                  description={t('market.project.motivationHint')}
                  autosize
                  minRows={4}
                  maxLength={3000}
                  value={motivation}
                  onChange={(e) => setMotivation(e.currentTarget.value)}
                />
                <CvUpload value={cv} onChange={setCv} />
                <Button onClick={() => void send()} disabled={busy} w="fit-content">
                  {busy ? t('market.project.sending') : t('market.project.send')}
                </Button>
              </Stack>
            )}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}

function ProjectCard({ p, onOpen }: { p: Project; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="project-card">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={700}>{p.title}</Text>
            <Text fz="sm" c="dimmed">
              {p.companyName}
            </Text>
          </Stack>
          {p.applied ? <Badge color="teal">{t('market.browse.applied')}</Badge> : null}
        </Group>
        <ProjectMeta p={p} />
        <Text fz="sm" lineClamp={3}>
          {p.description}
        </Text>
        <Group gap={4}>
          {p.skills.slice(0, 5).map((s) => (
            <Badge key={s} size="sm" variant="light">
              {s}
            </Badge>
          ))}
        </Group>
        <Button variant="light" mt="auto" onClick={onOpen}>
          {t('market.browse.view')}
        </Button>
      </Stack>
    </Card>
  );
}

/** Browse Projects: open projects with search, filters, sort and pages; a project page to apply. */
export function BrowsePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const options = useOnboardingOptions();
  const [text, setText] = useState(params.get('q') ?? '');
  const filters: BrowseFilters = {
    q: params.get('q') ?? undefined,
    skill: params.get('skill') ?? undefined,
    mode: (params.get('mode') as BrowseFilters['mode']) ?? undefined,
    paid: (params.get('paid') as BrowseFilters['paid']) ?? undefined,
    maxWeeks: params.get('maxWeeks') ? Number(params.get('maxWeeks')) : undefined,
    sort: (params.get('sort') as BrowseFilters['sort']) ?? 'newest',
    page: Number(params.get('page') ?? 1),
  };
  const browse = useBrowse(filters);
  const set = (k: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k !== 'page') next.delete('page');
    setParams(next);
  };
  const open = params.get('project');
  if (open) return <ProjectPage id={open} onBack={() => set('project', null)} />;

  return (
    <Stack>
      <PageHeader title={t('market.browse.title')} />
      <Card withBorder radius="lg" padding="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            set('q', text.trim() || null);
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('market.browse.search')}
              placeholder={t('market.browse.searchPlaceholder')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Select
              label={t('market.browse.skill')}
              placeholder={t('market.browse.any')}
              data={options.data?.suggestedSkills ?? []}
              value={filters.skill ?? null}
              onChange={(v) => set('skill', v)}
              searchable
              clearable
              w={180}
            />
            <Select
              label={t('market.browse.mode')}
              placeholder={t('market.browse.any')}
              data={(['remote', 'onsite', 'hybrid'] as const).map((m) => ({ value: m, label: t(`market.mode.${m}`) }))}
              value={filters.mode ?? null}
              onChange={(v) => set('mode', v)}
              clearable
              w={140}
            />
            <Select
              label={t('market.browse.paid')}
              placeholder={t('market.browse.any')}
              data={[
                { value: 'true', label: t('market.browse.paidOnly') },
                { value: 'false', label: t('market.browse.unpaidOnly') },
              ]}
              value={filters.paid ?? null}
              onChange={(v) => set('paid', v)}
              clearable
              w={140}
            />
            <Select
              label={t('market.browse.maxWeeks')}
              placeholder={t('market.browse.anyLength')}
              data={['4', '8', '12', '24'].map((w) => ({ value: w, label: t('market.browse.weeks', { count: Number(w) }) }))}
              value={params.get('maxWeeks')}
              onChange={(v) => set('maxWeeks', v)}
              clearable
              w={140}
            />
            <Select
              label={t('market.browse.sort')}
              data={[
                { value: 'newest', label: t('market.browse.newest') },
                { value: 'deadline', label: t('market.browse.deadline') },
                { value: 'match', label: t('market.browse.match') },
              ]}
              value={filters.sort}
              onChange={(v) => set('sort', v)}
              allowDeselect={false}
              w={150}
            />
            <Button type="submit">{t('market.browse.search')}</Button>
          </Group>
        </form>
        {filters.sort === 'match' ? (
          <Text fz="xs" c="dimmed" mt="xs">
            {t('market.browse.matchHint')}
          </Text>
        ) : null}
      </Card>
      {browse.isError ? <Alert color="red">{t('common.loadFailed')}</Alert> : null}
      {browse.data ? (
        <Text c="dimmed" fz="sm">
          {t('market.browse.results', { count: browse.data.total })}
          {browse.data.totalIsCapped ? '+' : ''}
        </Text>
      ) : null}
      {browse.isLoading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={220} radius="lg" />
          ))}
        </SimpleGrid>
      ) : null}
      {browse.data?.items.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Text c="dimmed">{t('market.browse.empty')}</Text>
        </Card>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {browse.data?.items.map((p) => (
          <ProjectCard key={p.id} p={p} onOpen={() => set('project', p.id)} />
        ))}
      </SimpleGrid>
      {browse.data && browse.data.total > browse.data.pageSize ? (
        <Pagination
          total={Math.ceil(browse.data.total / browse.data.pageSize)}
          value={filters.page}
          onChange={(n) => set('page', String(n))}
        />
      ) : null}
    </Stack>
  );
}

export default BrowsePage;
