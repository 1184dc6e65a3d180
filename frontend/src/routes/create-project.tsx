import { CreateProjectPage } from '../features/marketplace/components/create-project-page';
import { useOnboardingOptions } from '../lib/onboarding-options';

/** /dashboard/create-project: the skills field offers onboarding's suggested skills. */
export function CreateProjectRoute() {
  const options = useOnboardingOptions();
  return <CreateProjectPage suggestedSkills={options.data?.suggestedSkills ?? []} />;
}
