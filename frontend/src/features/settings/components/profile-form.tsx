import { Alert, Button, Card, Checkbox, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { EmailKind, User, UserType } from '@mashrou/contracts';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { ProfileFormSchema, useUpdateProfile } from '../api/update-profile';

/** The kinds of notification email each kind of account gets (contracts' EMAIL_KINDS). */
const KINDS_FOR: Record<UserType, EmailKind[]> = {
  student: ['applications', 'messages', 'projectNews'],
  startup: ['applications', 'messages', 'digests', 'projectNews'],
  admin: ['projectNews'],
};

/** Name, company name (companies), email notifications: all on or off, and each kind. */
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
      emailOff: user.emailOff,
    },
  });
  const allOn = useWatch({ control, name: 'emailNotifications' });
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
          <Controller
            control={control}
            name="emailOff"
            render={({ field }) => (
              <Checkbox.Group
                label={t('settings.emailKinds.title')}
                value={KINDS_FOR[user.userType].filter((k) => !(field.value ?? []).includes(k))}
                onChange={(on) => {
                  const shown = KINDS_FOR[user.userType];
                  const hidden = (field.value ?? []).filter((k) => !shown.includes(k));
                  field.onChange([...hidden, ...shown.filter((k) => !on.includes(k))]);
                }}
              >
                <Stack gap={6} mt={6}>
                  {KINDS_FOR[user.userType].map((k) => (
                    <Checkbox key={k} value={k} label={t(`settings.emailKinds.${k}`)} disabled={!allOn} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
          <Button type="submit" disabled={update.isPending} w="fit-content">
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
