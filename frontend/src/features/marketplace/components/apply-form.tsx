import { useEffect } from 'react';
import { Alert, Button, Stack, Textarea, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { useFocusOnChange } from '../../../lib/use-focus-on-change';
import { useStudentProfile } from '../../../lib/student-profile';
import { CvUpload } from '../../../components/ui/cv-upload';
import { ApplyFormSchema, useApply } from '../api/apply';

/**
 * Apply once: a motivation of at least 20 characters and, optionally, a PDF CV — the one kept on
 * the profile is attached to start with; another can be uploaded, or none sent. `onApplied` hears of success.
 */
export function ApplyForm({ projectId, onApplied }: { projectId: string; onApplied?: () => void }) {
  const { t } = useTranslation();
  const apply = useApply(projectId, onApplied);
  const profileCv = useStudentProfile().data?.cv ?? null;
  const { register, control, handleSubmit, formState, getFieldState, setValue } = useForm({
    resolver: zodResolver(ApplyFormSchema),
    defaultValues: { motivation: '', cv: profileCv },
    reValidateMode: 'onSubmit',
  });
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
        <Textarea
          label={t('market.project.motivation')}
          description={t('market.project.motivationHint')}
          autosize
          minRows={4}
          maxLength={3000}
          {...register('motivation')}
        />
        <Controller
          control={control}
          name="cv"
          render={({ field }) => (
            <CvUpload
              value={field.value}
              onChange={(f) => {
                setValue('cv', f, { shouldDirty: true });
              }}
              onRemove={() => {
                setValue('cv', null, { shouldDirty: true });
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
