import { Button, Card, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The company home's onboarding card: done, or a way back to finish it. */
export function CompanyOnboardingCard({ onboarded }: { onboarded: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        {onboarded ? t('dashboard.startup.onboarded') : t('dashboard.startup.notOnboarded')}
      </Title>
      {!onboarded ? (
        <Button component={Link} to="/signup" w="fit-content">
          {t('dashboard.startup.finish')}
        </Button>
      ) : (
        <ThemeIcon size={40} radius="xl" color="teal">
          ✓
        </ThemeIcon>
      )}
    </Card>
  );
}
