import { Alert, Anchor, Badge, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ProjectMeta, ApplicationStatusBadge } from '../../../components/ui/project-meta';
import { errorText } from '../../../lib/error-messages';
import { useFocusOnChange } from '../../../lib/use-focus-on-change';
import { useStudentProject } from '../api/get-student-project';
import { ApplyForm } from './apply-form';
import { formatDate } from '../../../lib/format';
import { BackArrow } from '../../../components/ui/back-arrow';
import { useSkillLabel } from '../../../lib/onboarding-options';

function Section({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <Stack gap={4}>
      <Text fw={700}>{title}</Text>
      <List spacing={2}>
        {items.map((i) => (
          <List.Item key={i}>
            <span dir="auto">{i}</span>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** An open project as a student sees it: the facts, then the application (or the one already sent). */
export function StudentProjectPage({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const skillLabel = useSkillLabel();
  const project = useStudentProject(id);
  const p = project.data;
  const heading = useFocusOnChange(p?.id, true);
  return (
    <Stack maw={860}>
      <Anchor component="button" onClick={onBack} w="fit-content">
        <BackArrow /> {t('market.project.back')}
      </Anchor>
      {project.isLoading ? <Skeleton h={240} /> : null}
      {project.isError ? <Alert color="red">{errorText(project.error, t)}</Alert> : null}
      {p ? (
        <Card withBorder radius="lg" padding="lg">
          <Stack>
            <Stack gap={2}>
              <Title order={1} fz="h2" ref={heading} tabIndex={-1}>
                {p.title}
              </Title>
              <Text c="dimmed">{p.companyName}</Text>
            </Stack>
            <ProjectMeta p={p} />
            <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
              {p.description}
            </Text>
            {p.skills.length ? (
              <Group gap={6}>
                {p.skills.map((s) => (
                  <Badge key={s} variant="light">
                    {skillLabel(s)}
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
                  {t('market.project.already', { date: formatDate(p.application.createdAt), status: '' })}
                  <ApplicationStatusBadge status={p.application.status} />
                </Group>
              </Alert>
            ) : (
              <ApplyForm projectId={p.id} />
            )}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
