import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/ui/auth-card';
import { useSignOut } from '../../../lib/auth';
import { mayBeSignedIn } from '../../../lib/session-hint';
import { Alert } from '@mantine/core';
import type { SignInProvider } from '@mashrou/contracts';
import { SIGN_IN_PROVIDERS } from '@mashrou/contracts/provider-outcomes';
import { providerOutcomeText } from '../../../lib/error-messages';
import { LinkProvider } from './providers/link-provider';
import { ResetRequestForm } from './reset-request-form';
import { SignInForm } from './sign-in-form';

/** Sign in, with 'Forgot your password?' as a mode of the same page (spec §2, §4). */
export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const { mutate: signOut } = useSignOut();
  const [mode, setMode] = useState<'signin' | 'reset'>('signin');
  // The email typed in one mode is kept in the other.
  const [email, setEmail] = useState(params.get('email') ?? '');

  // Spec §2: any earlier authentication state is cleared when the page opens (there is a session to
  // end only where the api marked this browser signed in).
  useEffect(() => {
    qc.clear();
    if (mayBeSignedIn()) signOut();
  }, [qc, signOut]);

  const switchTo = (next: 'signin' | 'reset') => (typed: string) => {
    setEmail(typed);
    setMode(next);
  };

  const isReset = mode === 'reset';
  // Back from Google or LinkedIn: why it stopped, or an existing account to prove before linking.
  const outcome = providerOutcomeText(params.get('provider-error'), t);
  const link = params.get('link');
  const linking = (SIGN_IN_PROVIDERS as readonly string[]).includes(link ?? '') ? (link as SignInProvider) : null;
  return (
    <AuthCard
      title={isReset ? t('signin.resetTitle') : t('signin.title')}
      subtitle={isReset ? t('signin.resetSubtitle') : t('signin.subtitle')}
    >
      {outcome && !isReset ? (
        <Alert color="red" role="alert" data-testid="provider-error">
          {outcome}
        </Alert>
      ) : null}
      {linking && !isReset ? <LinkProvider provider={linking} email={email} /> : null}
      {isReset ? (
        <ResetRequestForm email={email} onBack={switchTo('signin')} />
      ) : (
        <SignInForm email={email} onForgot={switchTo('reset')} />
      )}
    </AuthCard>
  );
}

export default SignInPage;
