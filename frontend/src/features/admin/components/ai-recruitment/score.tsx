import { Card, List, Progress, RingProgress, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type RankingKind = 'students' | 'projects';

const scoreColor = (s: number) => (s >= 70 ? 'teal' : s >= 45 ? 'yellow' : 'gray');

/** The score out of 100 as a ring. */
export function ScoreRing({ score, testId }: { score: number; testId?: string }) {
  return (
    <RingProgress
      size={72}
      thickness={7}
      roundCaps
      sections={[{ value: score, color: scoreColor(score) }]}
      label={
        <Text ta="center" fw={800} fz="lg" data-testid={testId}>
          {score}
        </Text>
      }
    />
  );
}

/** Each part of a score against its weight, explained on hover. */
export function ScoreParts({
  parts,
  weights,
  kind,
}: {
  parts: Record<string, number>;
  weights: Record<string, number>;
  kind: RankingKind;
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
            <Progress
              value={(100 * v) / (weights[k] || 1)}
              size="sm"
              color="teal"
              aria-label={t(`admin.recruit.partNames.${k}`)}
            />
          </Stack>
        </Tooltip>
      ))}
    </SimpleGrid>
  );
}

/** The model, in words, next to its results. */
export function HowItWorks({ weights, kind }: { weights: Record<string, number>; kind: RankingKind }) {
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
