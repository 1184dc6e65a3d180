import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { PasswordInput } from '../../../components/ui/password-input';
import { EmailChangeFormSchema, EmailCodeFormSchema, useConfirmEmailChange, useRequestEmailChange } from '../api/own-data';

const wording = {
  keys: { 'wrong-password': 'settings.ownData.wrongPassword' },
  fallback: 'settings.changeEmail.failed',
} as const;

/** Change email: the new address and the password, then the code mailed to the new address. */
export function EmailCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const step1 = useForm({
    resolver: zodResolver(EmailChangeFormSchema),
    defaultValues: { newEmail: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const step2 = useForm({ resolver: zodResolver(EmailCodeFormSchema), defaultValues: { code: '' }, reValidateMode: 'onSubmit' });

  const send = step1.handleSubmit((body) => {
    confirm.reset();
    request.mutate(body, {
      onSuccess: () => {
        setSentTo(body.newEmail);
        step1.reset();
      },
    });
  });
  const check = step2.handleSubmit((body) => {
    confirm.mutate(body, {
      onSuccess: () => {
        setSentTo(null);
        step2.reset();
      },
    });
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack>
        <Title order={3} fz="h4">
          {t('settings.changeEmail.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('settings.changeEmail.current')}{' '}
          <Text span dir="ltr" fz="sm" fw={500} c="var(--mantine-color-text)">
            {email}
          </Text>
        </Text>
        {confirm.isSuccess ? (
          <Alert color="teal" role="status">
            {t('settings.changeEmail.changed')}
          </Alert>
        ) : null}
        {sentTo === null ? (
          <form onSubmit={(e) => void send(e)} aria-label={t('settings.changeEmail.title')}>
            <Stack>
              {request.isError ? <Alert color="red">{errorText(request.error, t, wording)}</Alert> : null}
              <TextInput
                label={t('settings.changeEmail.new')}
                type="email"
                dir="ltr"
                autoComplete="email"
                {...step1.register('newEmail')}
                error={fieldErrorText(t, step1.formState.errors.newEmail)}
              />
              <PasswordInput
                label={t('settings.current')}
                autoComplete="current-password"
                {...step1.register('password')}
                error={fieldErrorText(t, step1.formState.errors.password)}
              />
              <Button type="submit" variant="light" w="fit-content" loading={request.isPending}>
                {t('settings.changeEmail.send')}
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={(e) => void check(e)} aria-label={t('settings.changeEmail.codeTitle')}>
            <Stack>
              <Alert color="blue" role="status">
                {t('settings.changeEmail.sent', { email: sentTo })}
              </Alert>
              {confirm.isError ? <Alert color="red">{errorText(confirm.error, t, wording)}</Alert> : null}
              <TextInput
                label={t('settings.changeEmail.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
                maxLength={12}
                {...step2.register('code')}
                error={fieldErrorText(t, step2.formState.errors.code)}
              />
              <Group>
                <Button type="submit" loading={confirm.isPending}>
                  {t('settings.changeEmail.confirm')}
                </Button>
                <Button
                  variant="subtle"
                  onClick={() => {
                    setSentTo(null);
                    request.reset();
                    confirm.reset();
                  }}
                >
                  {t('settings.changeEmail.startOver')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
