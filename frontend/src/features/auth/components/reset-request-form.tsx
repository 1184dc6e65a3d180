import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { signInErrorMessage } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { prefetchAuthCalls } from '../api/load';
import { resetRequestResolver, useRequestReset } from '../api/request-reset';

/** 'Reset Password' mode: emails a link to choose a new password (spec §2, §5, §8). */
export function ResetRequestForm({ email, onBack }: { email: string; onBack: (email: string) => void }) {
  const { t } = useTranslation();
  const requestReset = useRequestReset();
  const { register, handleSubmit, getValues, formState } = useForm({
    resolver: resetRequestResolver,
    defaultValues: { email },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(
    (body) => {
      requestReset.mutate(body);
    },
    () => {
      requestReset.reset();
    },
  );

  const invalid = fieldErrorText(t, formState.errors.email, {
    required: 'signin.enterEmail',
    'invalid-email': 'signin.errors.invalidEmail',
    invalid: 'signin.errors.invalidEmail',
  });
  const error =
    invalid ??
    (requestReset.error
      ? signInErrorMessage(requestReset.error, t, { 'too-many-requests': 'signin.errors.tooManyResets' })
      : null);

  return (
    <form onSubmit={(e) => void onSubmit(e)} onFocus={prefetchAuthCalls} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert" data-testid="auth-error">
            {error}
          </Alert>
        ) : null}
        {requestReset.isSuccess ? (
          <Alert color="teal" role="status">
            {t('signin.resetSent')}
          </Alert>
        ) : null}
        <TextInput label={t('signin.email')} type="email" autoComplete="email" {...register('email')} />
        <Button type="submit" loading={false} disabled={requestReset.isPending} fullWidth size="md">
          {requestReset.isPending ? t('signin.sending') : t('signin.sendReset')}
        </Button>
        <Anchor
          component="button"
          type="button"
          fz="sm"
          onClick={() => {
            onBack(getValues('email'));
          }}
        >
          {t('signin.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
