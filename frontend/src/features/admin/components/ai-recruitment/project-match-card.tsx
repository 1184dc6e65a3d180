import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectMatch } from '@mashrou/contracts';
import { Reasons } from './reasons';
import { ScoreParts, ScoreRing } from './score';

/** A ranked open project for a student, with a way to rank students for it. */
export function ProjectMatchCard({
  p,
  rank,
  weights,
  onRankStudents,
}: {
  p: ProjectMatch;
  rank: number;
  weights: Record<string, number>;
  onRankStudents: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="md" data-testid="project-match">
      <Group align="flex-start" wrap="nowrap">
        <ScoreRing score={p.score} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Group justify="space-between">
            <Stack gap={0}>
              <Text fw={700}>
                #{rank} {p.title}
              </Text>
              <Text fz="sm" c="dimmed">
                {p.companyName}
              </Text>
            </Stack>
            <Button size="xs" variant="light" onClick={onRankStudents}>
              {t('admin.recruit.rankForProject')}
            </Button>
          </Group>
          <ScoreParts parts={p.parts} weights={weights} kind="projects" />
          <Reasons reasons={p.reasons} />
        </Stack>
      </Group>
    </Card>
  );
}
