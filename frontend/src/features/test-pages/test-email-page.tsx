import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/ui/auth-card';
import { FullScreenSpinner } from '../../components/ui/full-screen-spinner';
import { ApiError, post } from '../../lib/api-client';
import { useMe } from '../auth/api/auth';

/** Spec §2 /test-email and /test-onboarding-email: admins only (DESIGN §1). */
export function TestEmailPage({ kind }: { kind: 'test' | 'onboarding_complete' }) {
  const { t } = useTranslation();
  const me = useMe();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  if (me.isLoading) return <FullScreenSpinner />;
  const title = kind === 'test' ? t('testPages.emailTitle') : t('testPages.onboardingTitle');
  if (me.data?.userType !== 'admin') {
    return (
      <AuthCard title={title}>
        <Alert color="yellow">{t('testPages.adminsOnly')}</Alert>
        <Button component={Link} to="/signin">
          {t('testPages.signIn')}
        </Button>
      </AuthCard>
    );
  }
  async function send(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMsg(null);
    try {
      const r = await post<{ success: boolean; message: string }>('/notifications-send-email', {
        type: kind,
        email: to.trim(),
        fullName: me.data?.fullName,
      });
      setMsg({ ok: r.success, text: t('testPages.sent') });
    } catch (err) {
      setMsg({ ok: false, text: err instanceof ApiError ? err.message : t('signin.errors.network') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <AuthCard title={title}>
      <form onSubmit={send}>
        <Stack>
          {msg ? <Alert color={msg.ok ? 'teal' : 'red'}>{msg.text}</Alert> : null}
          <TextInput label={t('testPages.to')} type="email" required value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button type="submit" disabled={busy}>
            {busy ? t('testPages.sending') : t('testPages.send')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export const TestEmailRoute = () => <TestEmailPage kind="test" />;
export const TestOnboardingEmailRoute = () => <TestEmailPage kind="onboarding_complete" />;
