import { useState } from 'react';
import { Alert, Button, Card, Group, Progress, Radio, Stack, Text } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { FullScreenSpinner } from '../../../components/ui/full-screen-spinner';
import { errorText } from '../../../lib/error-messages';
import { useFocusOnChange } from '../../../lib/use-focus-on-change';
import { fieldErrorText } from '../../../lib/form-errors';
import { useAssessment } from '../api/get-assessment';
import { AssessmentFormSchema, useSubmitAssessment } from '../api/submit-assessment';
import { AssessmentResultCard } from './assessment-result-card';
import { SkillsInput } from '../../../components/ui/skills-input';

/** The skills assessment: one question per screen, then skills; scored on the server. */
export function AssessmentPage() {
  const { t } = useTranslation();
  const assessment = useAssessment();
  const submit = useSubmitAssessment();
  const [retake, setRetake] = useState(false);
  const [index, setIndex] = useState(0);
  // Answers stay while the page is open (also for a retake).
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(AssessmentFormSchema),
    defaultValues: { answers: {}, skills: [] },
    reValidateMode: 'onSubmit',
  });
  const answers = useWatch({ control, name: 'answers' });
  const heading = useFocusOnChange(String(index));

  if (assessment.isLoading) return <FullScreenSpinner />;
  if (assessment.isError || !assessment.data) return <Alert color="red">{t('common.loadFailed')}</Alert>;
  const { questions, result, version, suggestedSkills } = assessment.data;
  if (result && !retake)
    return (
      <Stack>
        <PageHeader title={t('assessment.title')} />
        <AssessmentResultCard
          result={result}
          onRetake={() => {
            setRetake(true);
          }}
        />
      </Stack>
    );

  const onSkills = index >= questions.length;
  const q = questions[index];

  const onSubmit = handleSubmit(async (values) => {
    submit.reset();
    try {
      await submit.mutateAsync({ version, ...values });
      setRetake(false);
      setIndex(0);
    } catch {
      // Shown from the mutation's error below.
    }
  });
  const invalid = fieldErrorText(t, formState.errors.skills ?? formState.errors.answers);
  const error = invalid ?? (submit.error ? errorText(submit.error, t) : null);

  return (
    <Stack maw={720}>
      <PageHeader title={t('assessment.title')} subtitle={t('assessment.intro', { count: questions.length })} />
      <Progress
        value={(100 * Math.min(index, questions.length)) / (questions.length + 1)}
        aria-label={t('assessment.progress')}
      />
      <Card withBorder radius="lg" padding="lg">
        {error ? (
          <Alert color="red" mb="md">
            {error}
          </Alert>
        ) : null}
        {!onSkills && q ? (
          <Stack>
            <Text component="h2" ref={heading} tabIndex={-1} c="dimmed" fz="sm">
              {t('assessment.question', { n: index + 1, total: questions.length })} · {t(`assessment.categories.${q.category}`)}
            </Text>
            <Controller
              control={control}
              name="answers"
              render={({ field }) => (
                <Radio.Group
                  value={field.value[q.id] ?? null}
                  onChange={(v) => {
                    field.onChange({ ...field.value, [q.id]: v });
                  }}
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
              )}
            />
          </Stack>
        ) : (
          <Stack>
            <Text component="h2" ref={heading} tabIndex={-1} fw={600} fz="lg">
              {t('assessment.skillsTitle')}
            </Text>
            <Controller
              control={control}
              name="skills"
              render={({ field }) => (
                <SkillsInput
                  suggestions={suggestedSkills}
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v.map((s) => s.trim().slice(0, 40)).filter(Boolean));
                  }}
                  maxTags={15}
                  placeholder={t('assessment.skillsHint')}
                  aria-label={t('assessment.skillsTitle')}
                  clearable
                />
              )}
            />
          </Stack>
        )}
        <Group justify="space-between" mt="lg">
          <Button
            variant="default"
            disabled={index === 0}
            onClick={() => {
              setIndex(index - 1);
            }}
          >
            {t('assessment.previous')}
          </Button>
          {onSkills ? (
            <Button onClick={() => void onSubmit()} disabled={submit.isPending}>
              {submit.isPending ? t('assessment.submitting') : t('assessment.submit')}
            </Button>
          ) : (
            <Button
              onClick={() => {
                setIndex(index + 1);
              }}
              disabled={!q || !answers[q.id]}
            >
              {t('assessment.next')}
            </Button>
          )}
        </Group>
      </Card>
    </Stack>
  );
}

export default AssessmentPage;
