import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '../../auth/api/types';
import { completeCompany, useOnboardingOptions } from '../api/onboarding';

/** Spec §2 step 4 for companies: a scheduling link (new tab) and 'Continue to Dashboard'. */
export function CompanyCallStep({ user, onDone }: { user: User | null | undefined; onDone: (u: User) => void }) {
  const { t } = useTranslation();
  const options = useOnboardingOptions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function finish() {
    setError(null);
    if (!user) return setError(t('signup.errors.userDataMissing'));
    setBusy(true);
    try {
      onDone((await completeCompany()).user);
    } catch {
      setError(t('signup.errors.updateFailed'));
      setBusy(false);
    }
  }

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
      <Button onClick={() => void finish()} disabled={busy} size="md">
        {busy ? t('signup.company.continuing') : t('signup.company.continue')}
      </Button>
    </Stack>
  );
}
