import { Alert, Button, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/ui/auth-card';
import { signInErrorMessage } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { NewPasswordFormSchema, useConfirmReset } from '../api/confirm-reset';
import { PasswordInput } from '../../../components/ui/password-input';

/** Where the reset email's link lands: choose a new password; every session ends. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirmReset = useConfirmReset();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(
    ({ password }) => {
      confirmReset.mutate({ token, password });
    },
    () => {
      confirmReset.reset();
    },
  );

  // Spec §5: a mismatch is told before the length.
  const invalid = fieldErrorText(t, formState.errors.confirm ?? formState.errors.password);
  const error = !token
    ? t('reset.missingToken')
    : (invalid ?? (confirmReset.error ? signInErrorMessage(confirmReset.error, t) : null));

  return (
    <AuthCard title={t('reset.title')}>
      {confirmReset.isSuccess ? (
        <Stack>
          <Alert color="teal" role="status">
            {t('reset.done')}
          </Alert>
          <Button component={Link} to="/signin">
            {t('reset.goSignIn')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack>
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <PasswordInput label={t('reset.password')} autoComplete="new-password" disabled={!token} {...register('password')} />
            <PasswordInput label={t('reset.confirm')} autoComplete="new-password" disabled={!token} {...register('confirm')} />
            <Button type="submit" disabled={confirmReset.isPending || !token}>
              {confirmReset.isPending ? t('reset.submitting') : t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

export default ResetPasswordPage;
