import { Alert, Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useAssessment } from '../../onboarding/api/onboarding';
import { useBrowse, useMyApplications } from '../../marketplace/api/marketplace';
import { StatusBadge } from '../../marketplace/components/project-meta';
import { useDashboard } from '../use-dashboard';

const Step = ({ done, children }: { done: boolean; children: React.ReactNode }) => (
  <List.Item
    icon={
      <ThemeIcon size={22} radius="xl" color={done ? 'teal' : 'gray'} variant={done ? 'filled' : 'light'}>
        {done ? '✓' : '•'}
      </ThemeIcon>
    }
  >
    <Text td={done ? 'line-through' : undefined} c={done ? 'dimmed' : undefined}>
      {children}
    </Text>
  </List.Item>
);

export function StudentHome() {
  const { t } = useTranslation();
  const { user } = useDashboard();
  const assessment = useAssessment(user.userType === 'student');
  const recommended = useBrowse({ sort: 'match', page: 1 });
  // Recommendations are projects still to apply to.
  const fresh = (recommended.data?.items ?? []).filter((p) => !p.applied);
  const apps = useMyApplications();
  // Spec §8: an assessment read error shows it as not completed.
  const result = assessment.data?.result ?? null;
  const assessed = Boolean(result);

  return (
    <Stack>
      <PageHeader title={t('dashboard.student.welcome', { name: user.fullName })} subtitle={t('dashboard.student.subtitle')} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="lg" padding="lg">
          <Title order={3} fz="h4" mb="sm">
            {t('dashboard.student.profile')}
          </Title>
          <Stack gap={6}>
            <Text>
              <b>{t('dashboard.student.school')}:</b> {user.school ?? t('dashboard.student.notSet')}
            </Text>
            <Text>
              <b>{t('dashboard.student.graduation')}:</b> {user.graduationYear ?? t('dashboard.student.notSet')}
            </Text>
            <Text c="dimmed" fz="sm">
              {user.email}
            </Text>
          </Stack>
          {!user.onboardingComplete ? (
            <Button component={Link} to="/signup" mt="md" w="fit-content">
              {t('dashboard.student.completeProfile')}
            </Button>
          ) : null}
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" mb="sm">
            <Title order={3} fz="h4">
              {t('dashboard.student.assessment')}
            </Title>
            {result ? <Badge size="lg">{result.overall}%</Badge> : null}
          </Group>
          {assessment.isError ? (
            <Alert color="yellow" mb="sm">
              {t('dashboard.student.assessmentUnavailable')}
            </Alert>
          ) : null}
          <Text mb="md">
            {result ? t('dashboard.student.assessmentDone', { score: result.overall }) : t('dashboard.student.assessmentTodo')}
          </Text>
          <Button component="a" href="/dashboard/assessment" variant={assessed ? 'light' : 'filled'} w="fit-content">
            {assessed ? t('dashboard.student.viewResult') : t('dashboard.student.takeAssessment')}
          </Button>
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="lg" padding="lg">
          <Title order={3} fz="h4" mb="sm">
            {t('market.student.recommended')}
          </Title>
          {recommended.data && fresh.length === 0 ? <Text c="dimmed">{t('market.student.noneYet')}</Text> : null}
          <Stack gap="xs">
            {fresh.slice(0, 5).map((p) => (
              <Anchor key={p.id} href={`/dashboard/browse-projects?project=${p.id}`}>
                {p.title}{' '}
                <Text span c="dimmed" fz="sm">
                  · {p.companyName}
                </Text>
              </Anchor>
            ))}
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={3} fz="h4" mb="sm">
            {t('market.student.recent')}
          </Title>
          {apps.data?.items.length === 0 ? <Text c="dimmed">{t('market.student.noApps')}</Text> : null}
          <Stack gap="xs">
            {apps.data?.items.slice(0, 5).map((a) => (
              <Group key={a.id} justify="space-between">
                <Text fz="sm">{a.projectTitle || 'Unknown Project'}</Text>
                <StatusBadge status={a.status} />
              </Group>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Title order={3} fz="h4" mb="sm">
          {t('dashboard.student.next')}
        </Title>
        <List spacing="sm">
          <Step done={user.onboardingComplete}>{t('dashboard.student.nextProfile')}</Step>
          <Step done={assessed}>{t('dashboard.student.nextAssessment')}</Step>
          <Step done={false}>
            <Anchor href="/dashboard/browse-projects">{t('dashboard.student.nextBrowse')}</Anchor>
          </Step>
        </List>
      </Card>
    </Stack>
  );
}
