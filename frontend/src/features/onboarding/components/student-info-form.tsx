import { useState } from 'react';
import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import type { User } from '../../auth/api/types';
import { saveStudentInfo } from '../api/onboarding';

/** Spec §5: the current year and the next 9. */
export const graduationYearOptions = (now = new Date()) => Array.from({ length: 10 }, (_, i) => now.getFullYear() + i);

const schema = z.object({
  school: z.string().trim().min(1, 'required').max(150),
  graduationYear: z.string().min(1, 'required'),
  whatsapp: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ()-]{6,22}$/, 'invalidPhone'),
  ]),
  linkedin: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/(in|pub)\/[A-Za-z0-9_%-]+\/?$/, 'invalidLinkedin'),
  ]),
});
type Values = z.infer<typeof schema>;

export function StudentInfoForm({ user, onDone }: { user: User | null | undefined; onDone: (user: User) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const { register, control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      school: user?.school ?? '',
      graduationYear: user?.graduationYear ? String(user.graduationYear) : '',
      whatsapp: user?.whatsapp ?? '',
      linkedin: user?.linkedin ?? '',
    },
  });
  const msg = (code?: string) =>
    code === 'required'
      ? t('signup.basic.required')
      : code === 'invalidPhone'
        ? t('signup.student.invalidPhone')
        : code === 'invalidLinkedin'
          ? t('signup.student.invalidLinkedin')
          : code;

  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    if (!user) return setError(t('signup.errors.userDataMissing'));
    try {
      const res = await saveStudentInfo({
        school: v.school,
        graduationYear: Number(v.graduationYear),
        whatsapp: v.whatsapp || undefined,
        linkedin: v.linkedin || undefined,
      });
      onDone(res.user);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401 ? t('signup.errors.userDataMissing') : t('signup.errors.updateFailed'),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t('signup.student.school')}
          required
          {...register('school')}
          error={msg(formState.errors.school?.message)}
        />
        <Controller
          control={control}
          name="graduationYear"
          render={({ field, fieldState }) => (
            <Select
              label={t('signup.student.graduationYear')}
              required
              data={graduationYearOptions().map(String)}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              error={msg(fieldState.error?.message)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <TextInput
          label={t('signup.student.whatsapp')}
          type="tel"
          {...register('whatsapp')}
          error={msg(formState.errors.whatsapp?.message)}
        />
        <TextInput
          label={t('signup.student.linkedin')}
          type="url"
          {...register('linkedin')}
          error={msg(formState.errors.linkedin?.message)}
        />
        <Button type="submit" disabled={formState.isSubmitting} size="md">
          {formState.isSubmitting ? t('signup.student.submitting') : t('signup.student.submit')}
        </Button>
      </Stack>
    </form>
  );
}
