import { useEffect } from 'react';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { useFocusOnChange } from '../../../lib/use-focus-on-change';
import { useStudentProfile } from '../../../lib/student-profile';
import { MOTIVATION_MAX } from '@mashrou/contracts/values';
import { CvUpload } from '../../../components/ui/cv-upload';
import { CharCount } from '../../../components/ui/char-count';
import { useApply } from '../api/apply';
import { applyResolver } from '../api/form-resolvers';
import { GrowingTextarea } from '../../../components/ui/growing-textarea';

/**
 * Apply once: a motivation of at least 20 characters and, optionally, a PDF CV — the one kept on
 * the profile is attached to start with; another can be uploaded, or none sent. `onApplied` hears of success.
 */
export function ApplyForm({ projectId, onApplied }: { projectId: string; onApplied?: () => void }) {
  const { t } = useTranslation();
  const apply = useApply(projectId, onApplied);
  const profileCv = useStudentProfile().data?.cv ?? null;
  const { register, control, handleSubmit, formState, getFieldState, setValue } = useForm({
    resolver: applyResolver,
    defaultValues: { motivation: '', cv: profileCv },
    // After a refused attempt, the message goes as soon as the text is right.
    reValidateMode: 'onChange',
  });
  const motivation = useWatch({ control, name: 'motivation' });
  /** The api's refusal is about what was sent: changing it clears the message. */
  const edited = () => {
    if (apply.error) apply.reset();
  };
  // The profile may answer after the form is on screen: its CV is attached unless the student chose already.
  useEffect(() => {
    if (profileCv && !getFieldState('cv').isDirty) setValue('cv', profileCv);
  }, [profileCv, getFieldState, setValue]);

  const onSubmit = handleSubmit(
    (body) => {
      apply.mutate(body);
    },
    () => {
      apply.reset();
    },
  );

  const invalid = fieldErrorText(t, formState.errors.motivation, { 'too-short': 'market.project.tooShort' });
  const error = invalid ?? (apply.error ? errorText(apply.error, t) : null);
  // Each refused attempt moves focus to what went wrong, so it is heard and seen.
  const errorRef = useFocusOnChange<HTMLDivElement>(
    error ? `${String(formState.submitCount)}:${String(apply.submittedAt)}:${error}` : null,
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack>
        <Title order={3} fz="h4">
          {t('market.project.applyTitle')}
        </Title>
        {error ? (
          <Alert color="red" role="alert" ref={errorRef} tabIndex={-1}>
            {error}
          </Alert>
        ) : null}
        <GrowingTextarea
          label={t('market.project.motivation')}
          description={<CharCount value={motivation} max={MOTIVATION_MAX} hint={t('market.project.motivationHint')} />}
          minRows={4}
          {...register('motivation', { onChange: edited })}
        />
        <Controller
          control={control}
          name="cv"
          render={({ field }) => (
            <CvUpload
              value={field.value}
              onChange={(f) => {
                setValue('cv', f, { shouldDirty: true });
                edited();
              }}
              onRemove={() => {
                setValue('cv', null, { shouldDirty: true });
                edited();
              }}
              note={field.value && field.value.id === profileCv?.id ? t('market.cv.fromProfile') : undefined}
            />
          )}
        />
        <Button type="submit" disabled={apply.isPending} w="fit-content">
          {apply.isPending ? t('market.project.sending') : t('market.project.send')}
        </Button>
      </Stack>
    </form>
  );
}
