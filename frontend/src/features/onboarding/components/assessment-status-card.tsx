import { Alert, Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AssessmentResult } from '@mashrou/contracts';

/** The student home's assessment card; spec §8: a read error shows it as not completed. */
export function AssessmentStatusCard({ result, unavailable }: { result: AssessmentResult | null; unavailable: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {t('dashboard.student.assessment')}
        </Title>
        {result ? <Badge size="lg">{result.overall}%</Badge> : null}
      </Group>
      {unavailable ? (
        <Alert color="yellow" mb="sm">
          {t('dashboard.student.assessmentUnavailable')}
        </Alert>
      ) : null}
      <Text mb="md">
        {result ? t('dashboard.student.assessmentDone', { score: result.overall }) : t('dashboard.student.assessmentTodo')}
      </Text>
      <Button component="a" href="/dashboard/assessment" variant={result ? 'light' : 'filled'} w="fit-content">
        {result ? t('dashboard.student.viewResult') : t('dashboard.student.takeAssessment')}
      </Button>
    </Card>
  );
}
