import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SignInProvider } from '@mashrou/contracts';
import { errorText } from '../../../../lib/error-messages';
import { fieldErrorText } from '../../../../lib/form-errors';
import { isolate } from '../../../../lib/format';
import { safeReturnPath } from '../../../../lib/return-path';
import { useFocusOnChange } from '../../../../lib/use-focus-on-change';
import { linkCodeResolver, useConfirmLinkCode, useSendLinkCode } from '../../api/providers';

const wording = {
  fallback: 'signin.errors.unknown',
  network: 'signin.errors.network',
} as const;

/**
 * A provider sign-in found an account with its email (`/signin?link=…`): it is linked only once the
 * owner proves the account — the password form below, or a code mailed to the account.
 */
export function LinkProvider({ provider, email }: { provider: SignInProvider; email: string }) {
  const { t } = useTranslation();
  const name = t(`signin.providers.names.${provider}`);
  const send = useSendLinkCode();
  const confirm = useConfirmLinkCode();
  const [sent, setSent] = useState(false);
  const form = useForm({ resolver: linkCodeResolver, defaultValues: { code: '' }, reValidateMode: 'onSubmit' });
  const codeStep = useFocusOnChange<HTMLDivElement>(sent ? 'sent' : null);

  const onConfirm = form.handleSubmit(async (body) => {
    try {
      await confirm.mutateAsync(body);
      window.location.assign(safeReturnPath(new URLSearchParams(window.location.search).get('next')) ?? '/dashboard');
    } catch {
      // Shown from the mutation's error below.
    }
  });

  return (
    <Alert color="blue" title={t('signin.providers.link.title', { name })} data-testid="link-provider">
      <Stack gap="sm">
        <Text fz="sm">{t('signin.providers.link.explain', { name, email: isolate(email) })}</Text>
        {send.isError ? (
          <Text fz="sm" c="red.8" role="alert">
            {errorText(send.error, t, wording)}
          </Text>
        ) : null}
        {!sent ? (
          <Button
            variant="white"
            w="fit-content"
            disabled={send.isPending}
            onClick={() => {
              send.mutate(undefined, {
                onSuccess: () => {
                  setSent(true);
                },
              });
            }}
          >
            {send.isPending ? t('signin.providers.link.sending') : t('signin.providers.link.sendCode')}
          </Button>
        ) : (
          <form onSubmit={(e) => void onConfirm(e)} noValidate aria-label={t('signin.providers.link.title', { name })}>
            <Stack gap="sm" ref={codeStep} tabIndex={-1}>
              <Text fz="sm" role="status">
                {t('signin.providers.link.codeSent', { email: isolate(email) })}
              </Text>
              {confirm.isError ? (
                <Text fz="sm" c="red.8" role="alert">
                  {errorText(confirm.error, t, wording)}
                </Text>
              ) : null}
              <TextInput
                label={t('signin.providers.link.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
                {...form.register('code')}
                error={fieldErrorText(t, form.formState.errors.code)}
              />
              <Button type="submit" w="fit-content" disabled={confirm.isPending || confirm.isSuccess}>
                {confirm.isPending || confirm.isSuccess
                  ? t('signin.providers.link.confirming')
                  : t('signin.providers.link.confirm')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Alert>
  );
}
