import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while something the whole screen depends on loads (auth state, a lazy route). */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <Center h="100vh" role="status" aria-live="polite" aria-label={t('common.loading')}>
      <Loader size="lg" />
    </Center>
  );
}
