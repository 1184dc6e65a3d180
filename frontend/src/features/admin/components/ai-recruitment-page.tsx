import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  List,
  NumberInput,
  Pagination,
  Progress,
  RingProgress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import {
  useCandidates,
  useInvite,
  useOpenProjects,
  useProjectMatches,
  useStudentsToPick,
  type Candidate,
  type CandidateFilters,
  type Reason,
} from '../api/admin';

function Reasons({ reasons }: { reasons: Reason[] }) {
  const { t } = useTranslation();
  const word = (r: Reason) => {
    const { code, ...params } = r;
    const status = typeof params.status === 'string' ? t(`dashboard.admin.applicationStatus.${params.status}`) : undefined;
    const date = typeof params.date === 'string' ? new Date(`${params.date}T00:00:00`).toLocaleDateString() : undefined;
    return t(`admin.recruit.reasons.${code}`, { ...params, ...(status ? { status } : {}), ...(date ? { date } : {}) });
  };
  return (
    <Group gap={6}>
      {reasons.map((r) => (
        <Badge key={r.code} variant="outline" color="gray" tt="none" fw={500}>
          {word(r)}
        </Badge>
      ))}
    </Group>
  );
}
const scoreColor = (s: number) => (s >= 70 ? 'teal' : s >= 45 ? 'yellow' : 'gray');

/** The model, in words, next to its results. */
function HowItWorks({ weights, kind }: { weights: Record<string, number>; kind: 'students' | 'projects' }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="md" bg="var(--mantine-color-gray-0)">
      <Title order={3} fz="h5" mb={6}>
        {t('admin.recruit.how')}
      </Title>
      <Text fz="sm" c="dimmed" mb={6}>
        {t(`admin.recruit.howIntro.${kind}`)}
      </Text>
      <List fz="sm" spacing={2}>
        {Object.entries(weights).map(([k, w]) => (
          <List.Item key={k}>
            <b>{t('admin.recruit.points', { count: w })}</b> — {t(`admin.recruit.parts.${kind}.${k}`)}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

function Parts({
  parts,
  weights,
  kind,
}: {
  parts: Record<string, number>;
  weights: Record<string, number>;
  kind: 'students' | 'projects';
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: Object.keys(parts).length }} spacing={8}>
      {Object.entries(parts).map(([k, v]) => (
        <Tooltip key={k} label={t(`admin.recruit.parts.${kind}.${k}`)} multiline w={260} withArrow>
          <Stack gap={2}>
            <Text fz="xs" c="dimmed">
              {t(`admin.recruit.partNames.${k}`)} · {Math.round(v)}/{weights[k]}
            </Text>
            <Progress value={(100 * v) / (weights[k] || 1)} size="sm" color="teal" />
          </Stack>
        </Tooltip>
      ))}
    </SimpleGrid>
  );
}

function CandidateCard({
  c,
  rank,
  weights,
  projectId,
}: {
  c: Candidate;
  rank: number;
  weights: Record<string, number>;
  projectId: string;
}) {
  const { t } = useTranslation();
  const invite = useInvite();
  const [error, setError] = useState<string | null>(null);
  const invited = !!c.invitedAt || invite.isSuccess;
  async function send() {
    setError(null);
    try {
      await invite.mutateAsync({ projectId, studentId: c.id });
    } catch (err) {
      setError(errorMessage(err, t('common.loadFailed')));
    }
  }
  return (
    <Card withBorder radius="lg" padding="md" data-testid="candidate">
      <Group align="flex-start" wrap="nowrap">
        <RingProgress
          size={72}
          thickness={7}
          roundCaps
          sections={[{ value: c.score, color: scoreColor(c.score) }]}
          label={
            <Text ta="center" fw={800} fz="lg" data-testid="score">
              {c.score}
            </Text>
          }
        />
        <Stack gap={6} style={{ flex: 1 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700}>
                #{rank} {c.fullName}
              </Text>
              <Text fz="sm" c="dimmed">
                {[c.school, c.graduationYear ? t('admin.recruit.classOf', { year: c.graduationYear }) : null, c.email]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Group gap={6} wrap="nowrap">
              {c.applied ? (
                <Badge color="blue" variant="light">
                  {t('admin.recruit.applied')}
                </Badge>
              ) : null}
              {invited ? (
                <Badge color="teal" variant="light">
                  {t('admin.recruit.invited')}
                </Badge>
              ) : !c.applied ? (
                <Button size="xs" onClick={() => void send()} loading={invite.isPending}>
                  {t('admin.recruit.invite')}
                </Button>
              ) : null}
            </Group>
          </Group>
          <Parts parts={c.parts} weights={weights} kind="students" />
          <Reasons reasons={c.reasons} />
          {error ? (
            <Alert color="red" role="alert" py={6}>
              {error}
            </Alert>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

type Option = { value: string; label: string };

/**
 * A searchable picker kept in the URL (`?project=` / `?student=`): the api searches as the admin
 * types; the picked item stays listed even when the current search would not return it.
 */
function SearchPicker({
  param,
  label,
  placeholder,
  empty,
  useOptions,
  pickedLabel,
  onPick,
}: {
  param: 'project' | 'student';
  label: string;
  placeholder: string;
  empty: string;
  useOptions: (search: string) => Option[];
  pickedLabel?: string;
  onPick?: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const value = params.get(param);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useOptions(debounced);
  const data =
    value && pickedLabel && !options.some((o) => o.value === value) ? [{ value, label: pickedLabel }, ...options] : options;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value}
      onChange={(v) => {
        onPick?.();
        setParams((p) => {
          if (v) p.set(param, v);
          else p.delete(param);
          return p;
        });
      }}
      nothingFoundMessage={empty}
      maw={560}
      filter={({ options: o }) => o}
    />
  );
}

const useProjectOptions = (q: string) =>
  (useOpenProjects(q).data ?? []).map((p) => ({ value: p.id, label: `${p.title} — ${p.companyName}` }));
const useStudentOptions = (q: string) =>
  (useStudentsToPick(q).data ?? []).map((s) => ({ value: s.id, label: `${s.fullName} — ${s.email}` }));

function StudentsForProject() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const projectId = params.get('project');
  const [f, setF] = useState<CandidateFilters>({ school: '', graduationYear: '', minScore: 0, notApplied: false, page: 1 });
  const [school, setSchool] = useState('');
  const [debouncedSchool] = useDebouncedValue(school.trim(), 300);
  const filters = { ...f, school: debouncedSchool };
  const candidates = useCandidates(projectId, filters);
  const set = (patch: Partial<CandidateFilters>) => setF((o) => ({ ...o, page: 1, ...patch }));
  const data = candidates.data;
  return (
    <Stack>
      <SearchPicker
        param="project"
        label={t('admin.recruit.pickProject')}
        placeholder={t('admin.recruit.pickProjectPlaceholder')}
        empty={t('admin.recruit.noOpenProjects')}
        useOptions={useProjectOptions}
        pickedLabel={data ? `${data.project.title} — ${data.project.companyName}` : undefined}
        onPick={() => set({})}
      />
      {projectId ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <TextInput
              label={t('admin.recruit.school')}
              value={school}
              onChange={(e) => {
                setSchool(e.currentTarget.value);
                set({});
              }}
              maxLength={100}
            />
            <NumberInput
              label={t('admin.recruit.graduationYear')}
              value={f.graduationYear}
              onChange={(v) => set({ graduationYear: typeof v === 'number' ? v : '' })}
              min={1950}
              max={2100}
              allowDecimal={false}
            />
            <NumberInput
              label={t('admin.recruit.minScore')}
              value={f.minScore}
              onChange={(v) => set({ minScore: typeof v === 'number' ? Math.max(0, Math.min(100, v)) : 0 })}
              min={0}
              max={100}
              allowDecimal={false}
            />
            <Checkbox
              mt={{ base: 0, md: 30 }}
              label={t('admin.recruit.notApplied')}
              checked={f.notApplied}
              onChange={(e) => set({ notApplied: e.currentTarget.checked })}
            />
          </SimpleGrid>
          {candidates.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(candidates.error, t('common.loadFailed'))}
            </Alert>
          ) : null}
          {candidates.isLoading ? <Skeleton h={300} /> : null}
          {data ? (
            <Grid>
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <Stack>
                  <Text c="dimmed" fz="sm">
                    {t('admin.recruit.count', { count: data.total })}
                  </Text>
                  {data.items.length === 0 ? <Text c="dimmed">{t('admin.recruit.noCandidates')}</Text> : null}
                  {data.items.map((c, i) => (
                    <CandidateCard
                      key={c.id}
                      c={c}
                      rank={(data.page - 1) * data.pageSize + i + 1}
                      weights={data.weights}
                      projectId={projectId}
                    />
                  ))}
                  {data.total > data.pageSize ? (
                    <Pagination
                      total={Math.ceil(data.total / data.pageSize)}
                      value={f.page}
                      onChange={(page) => setF((o) => ({ ...o, page }))}
                    />
                  ) : null}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <Stack>
                  <Card withBorder radius="lg" padding="md">
                    <Text fw={700}>{data.project.title}</Text>
                    <Text fz="sm" c="dimmed" mb={6}>
                      {data.project.companyName}
                    </Text>
                    <Group gap={6}>
                      {data.project.skills.map((s) => (
                        <Badge key={s} variant="light">
                          {s}
                        </Badge>
                      ))}
                    </Group>
                  </Card>
                  <HowItWorks weights={data.weights} kind="students" />
                </Stack>
              </Grid.Col>
            </Grid>
          ) : null}
        </>
      ) : (
        <Text c="dimmed">{t('admin.recruit.pickProjectHint')}</Text>
      )}
    </Stack>
  );
}

function ProjectsForStudent() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const studentId = params.get('student');
  const [page, setPage] = useState(1);
  const matches = useProjectMatches(studentId, page);
  const data = matches.data;
  return (
    <Stack>
      <SearchPicker
        param="student"
        label={t('admin.recruit.pickStudent')}
        placeholder={t('admin.recruit.pickStudentPlaceholder')}
        empty={t('admin.recruit.noStudents')}
        useOptions={useStudentOptions}
        pickedLabel={data?.student.fullName}
        onPick={() => setPage(1)}
      />
      {matches.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(matches.error, t('common.loadFailed'))}
        </Alert>
      ) : null}
      {matches.isLoading ? <Skeleton h={300} /> : null}
      {data ? (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              <Text c="dimmed" fz="sm">
                {t('admin.recruit.projectCount', { count: data.total })}
              </Text>
              {data.items.length === 0 ? (
                <Text c="dimmed">{data.student.skills.length ? t('admin.recruit.noProjects') : t('admin.recruit.noSkills')}</Text>
              ) : null}
              {data.items.map((p, i) => (
                <Card key={p.id} withBorder radius="lg" padding="md" data-testid="project-match">
                  <Group align="flex-start" wrap="nowrap">
                    <RingProgress
                      size={72}
                      thickness={7}
                      roundCaps
                      sections={[{ value: p.score, color: scoreColor(p.score) }]}
                      label={
                        <Text ta="center" fw={800} fz="lg">
                          {p.score}
                        </Text>
                      }
                    />
                    <Stack gap={6} style={{ flex: 1 }}>
                      <Group justify="space-between">
                        <Stack gap={0}>
                          <Text fw={700}>
                            #{(data.page - 1) * data.pageSize + i + 1} {p.title}
                          </Text>
                          <Text fz="sm" c="dimmed">
                            {p.companyName}
                          </Text>
                        </Stack>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() =>
                            setParams((q) => {
                              q.set('tab', 'students');
                              q.set('project', p.id);
                              return q;
                            })
                          }
                        >
                          {t('admin.recruit.rankForProject')}
                        </Button>
                      </Group>
                      <Parts parts={p.parts} weights={data.weights} kind="projects" />
                      <Reasons reasons={p.reasons} />
                    </Stack>
                  </Group>
                </Card>
              ))}
              {data.total > data.pageSize ? (
                <Pagination total={Math.ceil(data.total / data.pageSize)} value={page} onChange={setPage} />
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack>
              <Card withBorder radius="lg" padding="md">
                <Text fw={700}>{data.student.fullName}</Text>
                <Text fz="sm" c="dimmed" mb={6}>
                  {[
                    data.student.school,
                    data.student.assessment !== undefined ? t('admin.users.overall', { score: data.student.assessment }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                <Group gap={6}>
                  {data.student.skills.map((s) => (
                    <Badge key={s} variant="light">
                      {s}
                    </Badge>
                  ))}
                </Group>
              </Card>
              <HowItWorks weights={data.weights} kind="projects" />
            </Stack>
          </Grid.Col>
        </Grid>
      ) : !studentId ? (
        <Text c="dimmed">{t('admin.recruit.pickStudentHint')}</Text>
      ) : null}
    </Stack>
  );
}

export function AiRecruitmentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'projects' ? 'projects' : 'students';
  return (
    <Stack>
      <PageHeader title={t('dashboard.nav.ai-recruitment')} subtitle={t('admin.recruit.subtitle')} />
      <Tabs
        value={tab}
        onChange={(v) =>
          setParams((p) => {
            p.set('tab', v ?? 'students');
            return p;
          })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="students">{t('admin.recruit.tabStudents')}</Tabs.Tab>
          <Tabs.Tab value="projects">{t('admin.recruit.tabProjects')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="students">
          <StudentsForProject />
        </Tabs.Panel>
        <Tabs.Panel value="projects">
          <ProjectsForStudent />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
