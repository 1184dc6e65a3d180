import { Button, Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOnboardingOptions } from '../../../lib/onboarding-options';

/** The company home's intro-call card: the booking link opens in a new tab. */
export function BookCallCard() {
  const { t } = useTranslation();
  const options = useOnboardingOptions();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        {t('dashboard.startup.call')}
      </Title>
      <Text mb="md">{t('dashboard.startup.callBody')}</Text>
      <Button
        component="a"
        href={options.data?.bookingUrl}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        w="fit-content"
        disabled={!options.data}
      >
        {t('dashboard.startup.book')}
      </Button>
    </Card>
  );
}
