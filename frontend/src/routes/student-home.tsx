import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/page-header';
import { useSignedInUser } from '../lib/auth';
import { StudentNextSteps } from '../features/dashboard/components/student-next-steps';
import { StudentProfileCard } from '../features/dashboard/components/student-profile-card';
import { RecentApplicationsCard } from '../features/marketplace/components/recent-applications-card';
import { RecommendedProjectsCard } from '../features/marketplace/components/recommended-projects-card';
import { SavedSearchesCard, SuggestionsCard } from '../features/marketplace/components/saved-searches-card';
import { useAssessment } from '../features/onboarding/api/get-assessment';
import { AssessmentStatusCard } from '../features/onboarding/components/assessment-status-card';

/** The student's home view: profile, assessment, recommendations, recent applications, saved searches and what they suggest, next steps. */
export function StudentHome() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const assessment = useAssessment(user.userType === 'student');
  // Spec §8: an assessment read error shows it as not completed.
  const result = assessment.data?.result ?? null;
  return (
    <Stack>
      <PageHeader title={t('dashboard.student.welcome', { name: user.fullName })} subtitle={t('dashboard.student.subtitle')} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <StudentProfileCard user={user} />
        <AssessmentStatusCard result={result} unavailable={assessment.isError} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <RecommendedProjectsCard />
        <RecentApplicationsCard />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SuggestionsCard />
        <SavedSearchesCard />
      </SimpleGrid>
      <StudentNextSteps onboarded={user.onboardingComplete} assessed={Boolean(result)} />
    </Stack>
  );
}
