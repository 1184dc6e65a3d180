import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/page-header';
import { useSignedInUser } from '../lib/auth';
import { CompanyOnboardingCard } from '../features/dashboard/components/company-onboarding-card';
import { StartupNextSteps } from '../features/dashboard/components/startup-next-steps';
import { CompanyCounts } from '../features/marketplace/components/company-counts';
import { BookCallCard } from '../features/onboarding/components/book-call-card';

/** The company's home view: project counts, the intro call, onboarding, next steps. */
export function StartupHome() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <Stack>
      <PageHeader
        title={t('dashboard.startup.welcome', { name: user.fullName })}
        subtitle={t('dashboard.startup.subtitle', { company: user.companyName ?? '' })}
      />
      <CompanyCounts />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <BookCallCard />
        <CompanyOnboardingCard onboarded={user.onboardingComplete} />
      </SimpleGrid>
      <StartupNextSteps />
    </Stack>
  );
}
