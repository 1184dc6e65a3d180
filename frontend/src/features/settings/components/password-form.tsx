import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { signInErrorMessage } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { PasswordFormSchema, useChangePassword } from '../api/change-password';
import { PasswordInput } from '../../../components/ui/password-input';

/** Change the password: the current one, the new one twice (spec §5 texts). */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(PasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(
    ({ currentPassword, newPassword }) => {
      change.mutate(
        { currentPassword, newPassword },
        {
          onSuccess: () => {
            reset();
          },
        },
      );
    },
    () => {
      change.reset();
    },
  );

  // A mismatch is told before the length, as on sign-up.
  const invalid = fieldErrorText(t, errors.confirm ?? errors.newPassword ?? errors.currentPassword);
  const message = invalid
    ? { ok: false, text: invalid }
    : change.isSuccess
      ? { ok: true, text: t('settings.changed') }
      : change.isError
        ? { ok: false, text: signInErrorMessage(change.error, t) }
        : null;

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={(e) => void onSubmit(e)}>
        <Stack>
          <Title order={3} fz="h4">
            {t('settings.password')}
          </Title>
          {message ? <Alert color={message.ok ? 'teal' : 'red'}>{message.text}</Alert> : null}
          <PasswordInput label={t('settings.current')} autoComplete="current-password" {...register('currentPassword')} />
          <PasswordInput label={t('settings.new')} autoComplete="new-password" {...register('newPassword')} />
          <PasswordInput label={t('settings.confirm')} autoComplete="new-password" {...register('confirm')} />
          <Text fz="sm" c="dimmed">
            {t('settings.signsOutOthers')}
          </Text>
          <Button type="submit" variant="light" w="fit-content">
            {t('settings.change')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
