import { useState } from 'react';
import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { graduationYears, type User } from '@mashrou/contracts';
import { ApiError } from '../../../lib/errors';
import { fieldErrorText } from '../../../lib/form-errors';
import { StudentInfoFormSchema, useSaveStudentInfo } from '../api/save-student-info';

/** Spec §5: the current year and the next 9. */
export const graduationYearOptions = graduationYears;

/** Spec §2 step 4 for students: school and graduation year required, WhatsApp and LinkedIn optional. */
export function StudentInfoForm({ user, onDone }: { user: User | null | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveStudentInfo();
  const [userMissing, setUserMissing] = useState(false);
  const { register, control, handleSubmit, formState } = useForm({
    resolver: zodResolver(StudentInfoFormSchema),
    defaultValues: {
      school: user?.school ?? '',
      graduationYear: user?.graduationYear ? String(user.graduationYear) : '',
      whatsapp: user?.whatsapp ?? '',
      linkedin: user?.linkedin ?? '',
    },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (body) => {
    save.reset();
    setUserMissing(!user);
    if (!user) return;
    try {
      await save.mutateAsync(body);
      onDone();
    } catch {
      // Shown from the mutation's error below.
    }
  });

  const error = userMissing
    ? t('signup.errors.userDataMissing')
    : save.error
      ? save.error instanceof ApiError && save.error.status === 401
        ? t('signup.errors.userDataMissing')
        : t('signup.errors.updateFailed')
      : null;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput label={t('signup.student.school')} required {...register('school')} error={fieldErrorText(t, errors.school)} />
        <Controller
          control={control}
          name="graduationYear"
          render={({ field, fieldState }) => (
            <Select
              label={t('signup.student.graduationYear')}
              required
              data={graduationYearOptions().map(String)}
              ref={field.ref}
              value={field.value || null}
              onChange={(v) => {
                field.onChange(v ?? '');
              }}
              error={fieldErrorText(t, fieldState.error)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <TextInput
          label={t('signup.student.whatsapp')}
          type="tel"
          {...register('whatsapp')}
          error={fieldErrorText(t, errors.whatsapp)}
        />
        <TextInput
          label={t('signup.student.linkedin')}
          type="url"
          {...register('linkedin')}
          error={fieldErrorText(t, errors.linkedin)}
        />
        <Button type="submit" disabled={formState.isSubmitting} size="md">
          {formState.isSubmitting ? t('signup.student.submitting') : t('signup.student.submit')}
        </Button>
      </Stack>
    </form>
  );
}
