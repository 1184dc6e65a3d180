import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '@mashrou/contracts';
import { useCompleteCompany } from '../api/complete-company';
import { useOnboardingOptions } from '../../../lib/onboarding-options';

/** Spec §2 step 4 for companies: a scheduling link (new tab) and 'Continue to Dashboard'. */
export function CompanyCallStep({ user, onDone }: { user: User | null | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const options = useOnboardingOptions();
  const complete = useCompleteCompany();
  const [userMissing, setUserMissing] = useState(false);

  function finish() {
    setUserMissing(!user);
    if (!user) return;
    complete.mutate(undefined, { onSuccess: onDone });
  }

  const error = userMissing ? t('signup.errors.userDataMissing') : complete.isError ? t('signup.errors.updateFailed') : null;
  // Stays busy once done: the next step replaces this one.
  const busy = complete.isPending || complete.isSuccess;

  return (
    <Stack gap="md">
      <Text fw={700} fz="lg">
        {t('signup.company.title')}
      </Text>
      <Text c="dimmed">{t('signup.company.body')}</Text>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button
        component="a"
        href={options.data?.bookingUrl}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        size="md"
        disabled={!options.data}
      >
        {t('signup.company.book')}
      </Button>
      <Button onClick={finish} disabled={busy} size="md">
        {busy ? t('signup.company.continuing') : t('signup.company.continue')}
      </Button>
    </Stack>
  );
}
