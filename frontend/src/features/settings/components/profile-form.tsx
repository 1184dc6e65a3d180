import { Alert, Button, Card, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { User } from '@mashrou/contracts';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { ProfileFormSchema, useUpdateProfile } from '../api/update-profile';

/** Name, company name (companies), email notifications on or off. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const isCompany = user.userType === 'startup';
  const { register, control, handleSubmit, formState } = useForm({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: {
      fullName: user.fullName,
      ...(isCompany ? { companyName: user.companyName ?? '' } : {}),
      emailNotifications: user.emailNotifications,
    },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((body) => {
    update.mutate(body);
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={(e) => void onSubmit(e)} aria-label={t('settings.profile')}>
        <Stack>
          <Title order={3} fz="h4">
            {t('settings.profile')}
          </Title>
          {update.isSuccess ? <Alert color="teal">{t('settings.saved')}</Alert> : null}
          {update.isError ? (
            <Alert color="red">{errorText(update.error, t, { fallback: 'signup.errors.updateFailed' })}</Alert>
          ) : null}
          <TextInput label={t('settings.email')} value={user.email} disabled />
          <TextInput
            label={t('settings.fullName')}
            required
            maxLength={120}
            {...register('fullName')}
            error={fieldErrorText(t, errors.fullName)}
          />
          {isCompany ? (
            <TextInput
              label={t('settings.companyName')}
              required
              maxLength={120}
              {...register('companyName')}
              error={fieldErrorText(t, errors.companyName)}
            />
          ) : null}
          <Controller
            control={control}
            name="emailNotifications"
            render={({ field }) => (
              <Switch
                label={t('settings.notifications')}
                checked={field.value}
                onChange={(e) => {
                  field.onChange(e.currentTarget.checked);
                }}
              />
            )}
          />
          <Text c="dimmed" fz="sm" mt={-8}>
            {t('settings.notificationsHint')}
          </Text>
          <Button type="submit" disabled={update.isPending} w="fit-content">
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
