import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/ui/auth-card';
import { ApiError } from '../../../lib/api-client';
import { resetPassword } from '../api/auth';
import { signInErrorMessage } from '../error-messages';

const MIN_PASSWORD = 6;

/** Where the reset email's link lands: choose a new password; every session ends. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('reset.missingToken'));
  const [done, setDone] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (password !== confirm) return setError(t('signup.errors.passwordsMismatch'));
    if (password.length < MIN_PASSWORD) return setError(t('signup.errors.passwordTooShort'));
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError && err.code === 'invalid-reset-link' ? t('reset.invalid') : signInErrorMessage(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('reset.title')}>
      {done ? (
        <Stack>
          <Alert color="teal" role="status">
            {t('reset.done')}
          </Alert>
          <Button component={Link} to="/signin">
            {t('reset.goSignIn')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <PasswordInput
              label={t('reset.password')}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              disabled={!token}
            />
            <PasswordInput
              label={t('reset.confirm')}
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              disabled={!token}
            />
            <Button type="submit" disabled={busy || !token}>
              {busy ? t('reset.submitting') : t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

export default ResetPasswordPage;
