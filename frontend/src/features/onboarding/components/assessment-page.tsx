import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Progress, Radio, SimpleGrid, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { FullScreenSpinner } from '../../../components/ui/full-screen-spinner';
import { ApiError } from '../../../lib/api-client';
import { meKey } from '../../auth/api/auth';
import { assessmentKey, submitAssessment, useAssessment, type AssessmentResult } from '../api/onboarding';

function Result({ result, onRetake }: { result: AssessmentResult; onRetake: () => void }) {
  const { t } = useTranslation();
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
            <Progress value={score} />
          </Stack>
        ))}
      </SimpleGrid>
      <Text fw={600} mb={6}>
        {t('assessment.skills')}
      </Text>
      <Group gap={6} mb="md">
        {result.skills.map((s) => (
          <Badge key={s} variant="light">
            {s}
          </Badge>
        ))}
      </Group>
      <Button variant="default" onClick={onRetake} w="fit-content">
        {t('assessment.retake')}
      </Button>
    </Card>
  );
}

/** The skills assessment: one question per screen, then skills; scored on the server. */
export function AssessmentPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useAssessment();
  const [retake, setRetake] = useState(false);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [skills, setSkills] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (form.isLoading) return <FullScreenSpinner />;
  if (form.isError || !form.data) return <Alert color="red">{t('common.loadFailed')}</Alert>;
  const { questions, result, version, suggestedSkills } = form.data;
  if (result && !retake)
    return (
      <Stack>
        <PageHeader title={t('assessment.title')} />
        <Result result={result} onRetake={() => setRetake(true)} />
      </Stack>
    );

  const onSkills = index >= questions.length;
  const q = questions[index];

  async function submit() {
    if (skills.length === 0) return setError(t('assessment.pickSkill'));
    setBusy(true);
    setError(null);
    try {
      await submitAssessment({ version, answers, skills });
      await Promise.all([qc.invalidateQueries({ queryKey: assessmentKey }), qc.invalidateQueries({ queryKey: meKey })]);
      setRetake(false);
      setIndex(0);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack maw={720}>
      <PageHeader title={t('assessment.title')} subtitle={t('assessment.intro', { count: questions.length })} />
      <Progress value={(100 * Math.min(index, questions.length)) / (questions.length + 1)} aria-label="progress" />
      <Card withBorder radius="lg" padding="lg">
        {error ? (
          <Alert color="red" mb="md">
            {error}
          </Alert>
        ) : null}
        {!onSkills && q ? (
          <Stack>
            <Text c="dimmed" fz="sm">
              {t('assessment.question', { n: index + 1, total: questions.length })} · {t(`assessment.categories.${q.category}`)}
            </Text>
            <Radio.Group
              value={answers[q.id] ?? null}
              onChange={(v) => setAnswers({ ...answers, [q.id]: v })}
              label={
                <Text fw={600} fz="lg">
                  {q.prompt}
                </Text>
              }
            >
              <Stack mt="sm" gap="sm">
                {q.options.map((o) => (
                  <Radio key={o.id} value={o.id} label={o.label} />
                ))}
              </Stack>
            </Radio.Group>
          </Stack>
        ) : (
          <Stack>
            <Text fw={600} fz="lg">
              {t('assessment.skillsTitle')}
            </Text>
            <TagsInput
              data={suggestedSkills}
              value={skills}
              onChange={(v) => setSkills(v.map((s) => s.trim().slice(0, 40)).filter(Boolean))}
              maxTags={15}
              placeholder={t('assessment.skillsHint')}
              aria-label={t('assessment.skillsTitle')}
              clearable
            />
          </Stack>
        )}
        <Group justify="space-between" mt="lg">
          <Button variant="default" disabled={index === 0} onClick={() => setIndex(index - 1)}>
            {t('assessment.previous')}
          </Button>
          {onSkills ? (
            <Button onClick={() => void submit()} disabled={busy}>
              {busy ? t('assessment.submitting') : t('assessment.submit')}
            </Button>
          ) : (
            <Button onClick={() => setIndex(index + 1)} disabled={!q || !answers[q.id]}>
              {t('assessment.next')}
            </Button>
          )}
        </Group>
      </Card>
    </Stack>
  );
}

export default AssessmentPage;
