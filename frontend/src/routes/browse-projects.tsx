import { browseFiltersOf, browseQuery } from '../features/marketplace/api/get-browse';
import { studentProjectQuery } from '../features/marketplace/api/get-student-project';
import { BrowsePage } from '../features/marketplace/components/browse-page';
import { ApplyForm, startApplyForm } from '../features/marketplace/components/student-project-page';
import { currentLanguage } from '../lib/i18n';
import { onboardingOptionsQuery, useOnboardingOptions } from '../lib/onboarding-options';
import { startQuery, type Prefetch, type ScreenCode } from '../lib/start-query';
import { studentProfileQuery } from '../lib/student-profile';

/** Browse Projects' first requests: the project the address opens, else the list it asks for; the skills. */
export const prefetch: Prefetch = (queryClient, params) => {
  const project = params.get('project');
  if (project) {
    startApplyForm();
    startQuery(queryClient, studentProjectQuery(project));
    // The application form offers the CV kept on the profile.
    startQuery(queryClient, studentProfileQuery);
  } else startQuery(queryClient, browseQuery(browseFiltersOf(params)));
  startQuery(queryClient, onboardingOptionsQuery(currentLanguage()));
};

/** A project's page has its application form (a chunk of its own): the server renders with it. */
export const code: ScreenCode = (_queryClient, params) => (params.get('project') ? ApplyForm.load() : Promise.resolve());

/** /dashboard/browse-projects: the skill filter offers onboarding's suggested skills. */
export function BrowseProjectsRoute() {
  const options = useOnboardingOptions();
  return <BrowsePage suggestedSkills={options.data?.suggestedSkills ?? []} />;
}
