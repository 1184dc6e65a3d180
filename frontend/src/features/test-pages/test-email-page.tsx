import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { User } from '@mashrou/contracts';
import { AuthCard } from '../../components/ui/auth-card';
import { FullScreenSpinner } from '../../components/ui/full-screen-spinner';
import { useMe } from '../../lib/auth';
import { errorText } from '../../lib/error-messages';
import { fieldErrorText } from '../../lib/form-errors';
import { TestEmailFormSchema, useSendTestEmail } from './api/send-test-email';

type Kind = 'test' | 'onboarding_complete';

function TestEmailForm({ kind, admin }: { kind: Kind; admin: User }) {
  const { t } = useTranslation();
  const send = useSendTestEmail();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(TestEmailFormSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(({ email }) => {
    send.mutate({ type: kind, email, fullName: admin.fullName });
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)}>
      <Stack>
        {send.isSuccess ? <Alert color="teal">{t('testPages.sent')}</Alert> : null}
        {send.isError ? <Alert color="red">{errorText(send.error, t, { fallback: 'signin.errors.network' })}</Alert> : null}
        <TextInput
          label={t('testPages.to')}
          type="email"
          required
          {...register('email')}
          error={fieldErrorText(t, formState.errors.email)}
        />
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('testPages.sending') : t('testPages.send')}
        </Button>
      </Stack>
    </form>
  );
}

/** Spec §2 /test-email and /test-onboarding-email: admins only (DESIGN §1). */
export function TestEmailPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const me = useMe();
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
  return (
    <AuthCard title={title}>
      <TestEmailForm kind={kind} admin={me.data} />
    </AuthCard>
  );
}

export const TestEmailRoute = () => <TestEmailPage kind="test" />;
export const TestOnboardingEmailRoute = () => <TestEmailPage kind="onboarding_complete" />;
