import { useState } from 'react';
import { Alert, Badge, Card, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Pager } from '../../../../components/ui/pager';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/error-messages';
import { useProjectMatches } from '../../api/get-project-matches';
import { useStudentsToPick } from '../../api/get-students-to-pick';
import { ProjectMatchCard } from './project-match-card';
import { HowItWorks } from './score';
import { SearchPicker } from './search-picker';
import { useSkillLabel } from '../../../../lib/onboarding-options';

const useStudentOptions = (q: string) =>
  (useStudentsToPick(q).data ?? []).map((s) => ({ value: s.id, label: `${s.fullName} — ${s.email}` }));

/** Pick a student (`?student=`) and see the open projects ranked for them. */
export function ProjectsForStudent() {
  const { t } = useTranslation();
  const skillLabel = useSkillLabel();
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
        onPick={() => {
          setPage(1);
        }}
      />
      {matches.isError ? (
        <Alert color="red" role="alert">
          {errorText(matches.error, t)}
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
                <ProjectMatchCard
                  key={p.id}
                  p={p}
                  rank={(data.page - 1) * data.pageSize + i + 1}
                  weights={data.weights}
                  onRankStudents={() => {
                    setParams((q) => {
                      q.set('tab', 'students');
                      q.set('project', p.id);
                      return q;
                    });
                  }}
                />
              ))}
              {data.total > data.pageSize ? (
                <Pager total={Math.ceil(data.total / data.pageSize)} value={page} onChange={setPage} />
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
                      {skillLabel(s)}
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
