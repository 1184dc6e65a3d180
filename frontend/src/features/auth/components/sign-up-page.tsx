import type { ReactNode } from 'react';
import { Anchor, Button, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { User } from '@mashrou/contracts';
import { AuthCard } from '../../../components/ui/auth-card';
import { FullScreenSpinner } from '../../../components/ui/full-screen-spinner';
import { useFocusOnChange } from '../../../lib/use-focus-on-change';
import { STEPS, useSignUpFlow, type Kind } from '../hooks/use-sign-up-flow';
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

  if (step === null) return <FullScreenSpinner />;
  const n = STEPS.indexOf(step) + 1;

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
          {t('signup.stepOf', { n, total: STEPS.length, name: t(`signup.steps.${step}`) })}
        </Text>
        <Progress value={(100 * n) / STEPS.length} size="sm" aria-hidden />
      </Stack>
      {step !== 'userType' && step !== 'success' ? (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={back}>
          <BackArrow /> {t('common.back')}
        </Button>
      ) : null}
      {step === 'userType' ? (
        <UserTypeStep
          onPick={(k) => {
            goTo('basicInfo', k);
          }}
        />
      ) : null}
      {step === 'basicInfo' ? (
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
