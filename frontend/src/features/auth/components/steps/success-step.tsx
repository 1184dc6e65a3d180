import { useEffect } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SIGN_UP_REDIRECT_DELAY_MS } from '../../../../lib/timings';

/**
 * Step 5: 'Account Created Successfully!', then the dashboard after 2 seconds (a full load, in place
 * of this entry: the browser's Back from the dashboard does not land here again).
 */
export function SuccessStep() {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => {
      window.location.replace('/dashboard');
    }, SIGN_UP_REDIRECT_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, []);
  return (
    <Stack align="center" ta="center" gap="sm">
      <ThemeIcon size={64} radius="xl" color="teal" aria-hidden>
        <Text fz={32} c="white">
          ✓
        </Text>
      </ThemeIcon>
      <Text fw={700} fz="xl">
        {t('signup.success.title')}
      </Text>
      <Text c="dimmed">{t('signup.success.body')}</Text>
    </Stack>
  );
}
