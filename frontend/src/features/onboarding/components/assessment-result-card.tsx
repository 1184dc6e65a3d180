import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AssessmentResult } from '@mashrou/contracts';
import { useSkillLabel } from '../../../lib/onboarding-options';

/** A taken assessment: the overall score, each category, the skills, and a way to take it again. */
export function AssessmentResultCard({ result, onRetake }: { result: AssessmentResult; onRetake: () => void }) {
  const { t } = useTranslation();
  const skillLabel = useSkillLabel();
  return (
    <Card withBorder radius="lg" padding="lg" maw={720}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="h3">
          {t('assessment.resultTitle')}
        </Title>
        <Badge size="xl">
          {t('assessment.overall')} {result.overall}%
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
        {Object.entries(result.scores).map(([cat, score]) => (
          <Stack key={cat} gap={4}>
            <Group justify="space-between">
              <Text fw={600}>{t(`assessment.categories.${cat}`)}</Text>
              <Text>{score}%</Text>
            </Group>
            <Progress value={score} aria-label={t(`assessment.categories.${cat}`)} />
          </Stack>
        ))}
      </SimpleGrid>
      <Text fw={600} mb={6}>
        {t('assessment.skills')}
      </Text>
      <Group gap={6} mb="md">
        {result.skills.map((s) => (
          <Badge key={s} variant="light">
            {skillLabel(s)}
          </Badge>
        ))}
      </Group>
      <Text fw={600} mb={6}>
        {t('assessment.whatNext')}
      </Text>
      <Group gap="sm">
        <Button component={Link} to="/dashboard/browse-projects">
          {t('assessment.browse')}
        </Button>
        <Button component={Link} to="/dashboard/settings" variant="light">
          {t('assessment.profile')}
        </Button>
        <Button variant="default" onClick={onRetake}>
          {t('assessment.retake')}
        </Button>
      </Group>
    </Card>
  );
}
