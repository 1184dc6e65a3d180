import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/ui/auth-card';
import { SIGN_IN_DELAY_MS } from '../../../lib/timings';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { requestPasswordReset, signIn, signOut } from '../api/auth';
import { signInErrorMessage } from '../error-messages';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const [mode, setMode] = useState<'signin' | 'reset'>('signin');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Spec §2: any earlier authentication state is cleared when the page opens.
  useEffect(() => {
    qc.clear();
    signOut().catch(() => undefined);
  }, [qc]);

  const switchMode = (next: 'signin' | 'reset') => {
    setMode(next);
    setError(null);
    setNotice(null);
  };

  async function onSignIn(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    await wait(SIGN_IN_DELAY_MS);
    try {
      await signIn(email, password);
      window.location.assign('/dashboard');
    } catch (err) {
      setError(signInErrorMessage(err, t));
      setBusy(false);
    }
  }

  async function onReset(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setNotice(null);
    if (!email.trim()) {
      setError(t('signin.enterEmail'));
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setNotice(t('signin.resetSent'));
    } catch (err) {
      setError(
        err instanceof NetworkError
          ? t('signin.errors.network')
          : err instanceof ApiError && err.code === 'too-many-requests'
            ? t('signin.errors.tooManyResets')
            : signInErrorMessage(err, t),
      );
    } finally {
      setBusy(false);
    }
  }

  const isReset = mode === 'reset';
  return (
    <AuthCard
      title={isReset ? t('signin.resetTitle') : t('signin.title')}
      subtitle={isReset ? t('signin.resetSubtitle') : t('signin.subtitle')}
    >
      <form onSubmit={isReset ? onReset : onSignIn} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" role="alert" data-testid="auth-error">
              {error}
            </Alert>
          ) : null}
          {notice ? (
            <Alert color="teal" role="status">
              {notice}
            </Alert>
          ) : null}
          <TextInput
            label={t('signin.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required={!isReset}
          />
          {!isReset ? (
            <PasswordInput
              label={t('signin.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
            />
          ) : null}
          {!isReset ? (
            <Anchor component="button" type="button" fz="sm" ta="right" onClick={() => switchMode('reset')}>
              {t('signin.forgot')}
            </Anchor>
          ) : null}
          <Button type="submit" loading={false} disabled={busy} fullWidth size="md">
            {isReset ? (busy ? t('signin.sending') : t('signin.sendReset')) : busy ? t('signin.submitting') : t('signin.submit')}
          </Button>
          {isReset ? (
            <Anchor component="button" type="button" fz="sm" onClick={() => switchMode('signin')}>
              {t('signin.backToSignIn')}
            </Anchor>
          ) : (
            <Text fz="sm" ta="center">
              {t('signin.noAccount')}{' '}
              <Anchor component={Link} to="/signup">
                {t('signin.signUpLink')}
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}

export default SignInPage;
