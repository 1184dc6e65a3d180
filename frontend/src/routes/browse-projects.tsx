import { BrowsePage } from '../features/marketplace/components/browse-page';
import { useOnboardingOptions } from '../lib/onboarding-options';

/** /dashboard/browse-projects: the skill filter offers onboarding's suggested skills. */
export function BrowseProjectsRoute() {
  const options = useOnboardingOptions();
  return <BrowsePage suggestedSkills={options.data?.suggestedSkills ?? []} />;
}
