import { useState } from 'react';
import { Alert, Badge, Button, Card, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Pager } from '../../../../components/ui/pager';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/error-messages';
import { useCandidates, type CandidateFilters as Filters } from '../../api/get-candidates';
import { useOpenProjects } from '../../api/get-open-projects';
import { CandidateCard } from './candidate-card';
import { CandidateFilters } from './candidate-filters';
import { HowItWorks } from './score';
import { SearchPicker } from './search-picker';
import { useSkillLabel } from '../../../../lib/onboarding-options';

const useProjectOptions = (q: string) =>
  (useOpenProjects(q).data ?? []).map((p) => ({ value: p.id, label: `${p.title} — ${p.companyName}` }));

const NO_FILTERS: Filters = { school: '', graduationYear: '', minScore: 0, notApplied: false, page: 1 };

/** Pick an open project (`?project=`) and see the students ranked for it. */
export function StudentsForProject() {
  const { t } = useTranslation();
  const skillLabel = useSkillLabel();
  const [params] = useSearchParams();
  const projectId = params.get('project');
  const [f, setF] = useState<Filters>(NO_FILTERS);
  const [school, setSchool] = useState('');
  const [debouncedSchool] = useDebouncedValue(school.trim(), 300);
  const candidates = useCandidates(projectId, { ...f, school: debouncedSchool });
  const set = (patch: Partial<Filters>) => {
    setF((o) => ({ ...o, page: 1, ...patch }));
  };
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
        onPick={() => {
          set({});
        }}
      />
      {projectId ? (
        <>
          <CandidateFilters
            f={f}
            school={school}
            onSchool={(s) => {
              setSchool(s);
              set({});
            }}
            onChange={set}
          />
          {candidates.isError ? (
            <Alert color="red" role="alert">
              {errorText(candidates.error, t)}
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
                  {data.items.length === 0 ? (
                    <Group>
                      <Text c="dimmed">{t('admin.recruit.noCandidates')}</Text>
                      {school.trim() || f.graduationYear || f.minScore || f.notApplied ? (
                        <Button
                          variant="light"
                          size="xs"
                          onClick={() => {
                            setSchool('');
                            setF(NO_FILTERS);
                          }}
                        >
                          {t('admin.recruit.resetFilters')}
                        </Button>
                      ) : null}
                    </Group>
                  ) : null}
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
                    <Pager
                      total={Math.ceil(data.total / data.pageSize)}
                      value={f.page}
                      onChange={(page) => {
                        setF((o) => ({ ...o, page }));
                      }}
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
                          {skillLabel(s)}
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
