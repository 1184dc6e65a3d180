import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Progress, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import type { SignInProvider } from '@mashrou/contracts';
import { SIGN_IN_PROVIDERS } from '@mashrou/contracts/provider-outcomes';
import { useTranslation } from 'react-i18next';
import type { User } from '@mashrou/contracts';
import { AuthCard } from '../../../components/ui/auth-card';
import { FullScreenSpinner } from '../../../components/ui/full-screen-spinner';
import { isolate } from '../../../lib/format';
import { useFocusOnChange } from '../../../lib/use-focus-on-change';
import { PROVIDER_STEPS, STEPS, useSignUpFlow, type Kind } from '../hooks/use-sign-up-flow';
import { usePendingProviderSignIn } from '../api/providers';
import { ProviderButtons } from './providers/provider-buttons';
import { ProviderDetailsStep } from './providers/provider-details-step';
import { BasicInfoStep } from './steps/basic-info-step';
import { SuccessStep } from './steps/success-step';
import { UserTypeStep } from './steps/user-type-step';
import { VerificationStep } from './steps/verification-step';
import { BackArrow } from '../../../components/ui/back-arrow';

/** What the additional-info step shows: the student info form or the company's Book a Call step. */
export type AdditionalInfoStep = (props: { kind: Kind; user: User | null | undefined; onDone: () => void }) => ReactNode;

/** Multi-step sign-up (spec §2): the steps are here; the route supplies the onboarding step. */
export function SignUpPage({ additionalInfo }: { additionalInfo: AdditionalInfoStep }) {
  const { t } = useTranslation();
  const { step, kind, user, goTo, back } = useSignUpFlow();
  const heading = useFocusOnChange(step);
  // Back from Google or LinkedIn with a new person (`?provider=`): no password, no code step.
  const [params] = useSearchParams();
  const asked = params.get('provider');
  const provider = (SIGN_IN_PROVIDERS as readonly string[]).includes(asked ?? '') ? (asked as SignInProvider) : null;
  const pending = usePendingProviderSignIn(provider !== null && !user);

  if (step === null) return <FullScreenSpinner />;
  const steps: readonly string[] = provider ? PROVIDER_STEPS : STEPS;
  const n = steps.indexOf(step) + 1;
  const providerName = provider ? t(`signin.providers.names.${provider}`) : '';
  // The provider's sign-in expired (or was used) before the account was made: start again.
  if (provider && !user && pending.isError) {
    return (
      <AuthCard title={t('signup.title')} width={560}>
        <Alert color="red" role="alert">
          {t('errors.no-pending-provider-sign-in')}
        </Alert>
        <Button component={Link} to="/signup" w="fit-content">
          {t('signin.providers.signUp.startOver')}
        </Button>
      </AuthCard>
    );
  }
  if (provider && !user && !pending.data) return <FullScreenSpinner />;

  return (
    <AuthCard
      title={t('signup.title')}
      width={560}
      subtitle={
        step === 'userType' ? (
          <>
            {t('signup.haveAccount')}{' '}
            <Anchor component={Link} to="/signin">
              {t('signup.signInLink')}
            </Anchor>
          </>
        ) : undefined
      }
    >
      <Stack gap={6}>
        <Text component="h2" ref={heading} tabIndex={-1} fz="sm" c="dimmed" ta="center">
          {t('signup.stepOf', {
            n,
            total: steps.length,
            // A company's fourth step is its Book a Call, not a profile.
            name: t(step === 'additionalInfo' && kind === 'startup' ? 'signup.steps.bookCall' : `signup.steps.${step}`),
          })}
        </Text>
        <Progress value={(100 * n) / steps.length} size="sm" aria-hidden />
      </Stack>
      {step !== 'userType' && step !== 'success' ? (
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          onClick={
            provider && step === 'additionalInfo'
              ? () => {
                  goTo('basicInfo');
                }
              : back
          }
        >
          <BackArrow /> {t('common.back')}
        </Button>
      ) : null}
      {step === 'userType' && provider && pending.data ? (
        <Text fz="sm" ta="center" data-testid="provider-sign-up">
          {t('signin.providers.signUp.as', { name: providerName, email: isolate(pending.data.email) })}
        </Text>
      ) : null}
      {step === 'userType' ? (
        <UserTypeStep
          onPick={(k) => {
            goTo('basicInfo', k);
          }}
        />
      ) : null}
      {step === 'userType' && !provider ? <ProviderButtons intent="signup" /> : null}
      {step === 'basicInfo' && provider && (pending.data || user) ? (
        <ProviderDetailsStep
          kind={kind}
          me={user}
          pending={pending.data ?? { kind: 'signup', provider, email: user?.email ?? '', fullName: user?.fullName ?? '' }}
          onCreated={() => {
            goTo('additionalInfo');
          }}
        />
      ) : null}
      {step === 'basicInfo' && !provider ? (
        <BasicInfoStep
          kind={kind}
          me={user}
          onCreated={() => {
            goTo('emailVerification');
          }}
        />
      ) : null}
      {step === 'emailVerification' ? (
        <VerificationStep
          me={user}
          onVerified={() => {
            goTo('additionalInfo');
          }}
        />
      ) : null}
      {step === 'additionalInfo'
        ? additionalInfo({
            kind,
            user,
            onDone: () => {
              goTo('success');
            },
          })
        : null}
      {step === 'success' ? <SuccessStep /> : null}
    </AuthCard>
  );
}
