import { useEffect, useState } from 'react';
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
import type { onboarding, ResponseOf } from '@mashrou/contracts';
import { useSignedInUser } from '../../../lib/auth';
import { readDraft, saveDraft } from '../hooks/assessment-draft';

/** The skills assessment: one question per screen, then skills; scored on the server. */
export function AssessmentPage() {
  const { t } = useTranslation();
  const assessment = useAssessment();
  const [retake, setRetake] = useState(false);

  if (assessment.isLoading) return <FullScreenSpinner />;
  if (assessment.isError || !assessment.data) return <Alert color="red">{t('common.loadFailed')}</Alert>;
  const { result } = assessment.data;
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
  return (
    <AssessmentForm
      key={assessment.data.version}
      assessment={assessment.data}
      onScored={() => {
        setRetake(false);
      }}
    />
  );
}

/**
 * The questions, then the skills. The answers so far are kept for this tab as they are given (a
 * reload goes on where the student was) and after scoring (a retake starts from them).
 */
function AssessmentForm({
  assessment,
  onScored,
}: {
  assessment: ResponseOf<typeof onboarding.assessment>;
  onScored: () => void;
}) {
  const { t } = useTranslation();
  const submit = useSubmitAssessment();
  const user = useSignedInUser().id;
  const { questions, suggestedSkills, version } = assessment;
  const [draft] = useState(() => readDraft(user, version));
  const [index, setIndex] = useState(() => Math.min(draft?.index ?? 0, questions.length));
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(AssessmentFormSchema),
    defaultValues: { answers: draft?.answers ?? {}, skills: draft?.skills ?? [] },
    reValidateMode: 'onSubmit',
  });
  const answers = useWatch({ control, name: 'answers' });
  const skills = useWatch({ control, name: 'skills' });
  const heading = useFocusOnChange(String(index));
  useEffect(() => {
    if (index === 0 && Object.keys(answers).length === 0 && skills.length === 0) return;
    saveDraft(user, version, { index, answers, skills });
  }, [user, version, index, answers, skills]);

  const onSkills = index >= questions.length;
  const q = questions[index];

  const onSubmit = handleSubmit(async (values) => {
    submit.reset();
    try {
      await submit.mutateAsync({ version, ...values });
      saveDraft(user, version, { index: 0, answers: values.answers, skills: values.skills });
      setIndex(0);
      onScored();
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
