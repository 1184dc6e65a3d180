import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Skeleton } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { browseFiltersOf, browseQuery } from '../features/marketplace/api/get-browse';
import { studentProjectQuery } from '../features/marketplace/api/get-student-project';
import { ApplyForm, StudentProjectPage, startProject } from '../features/marketplace/components/project-parts';
import { LoadedPart, lazyPart } from '../components/ui/loaded-part';
import { withParams } from '../lib/list-params';
import { currentLanguage } from '../lib/i18n';
import { onboardingOptionsQuery, useOnboardingOptions } from '../lib/onboarding-options';
import { startQuery, type Prefetch, type ScreenCode } from '../lib/start-query';
import { studentProfileQuery } from '../lib/student-profile';

/** Browse's list (search, filters, cards, pages): a project's page does not load it. */
const BrowsePage = lazyPart(() => import('../features/marketplace/components/browse-page').then((m) => m.BrowsePage));

/** Browse Projects' first requests: the project the address opens, else the list it asks for; the skills. */
export const prefetch: Prefetch = (queryClient, params) => {
  const project = params.get('project');
  if (project) {
    startProject();
    startQuery(queryClient, studentProjectQuery(project));
    // The application form offers the CV kept on the profile.
    startQuery(queryClient, studentProfileQuery);
  } else {
    BrowsePage.load.start();
    startQuery(queryClient, browseQuery(browseFiltersOf(params)));
  }
  startQuery(queryClient, onboardingOptionsQuery(currentLanguage()));
};

/** A project's page (with its application form) or the list, each a chunk of its own: the server renders with it. */
export const code: ScreenCode = (_queryClient, params) =>
  params.get('project') ? Promise.all([StudentProjectPage.load(), ApplyForm.load()]) : BrowsePage.load();

/** /dashboard/browse-projects: the list, or the project `?project=` opens (Back returns to the list's search and page). */
export function BrowseProjectsRoute() {
  const options = useOnboardingOptions();
  const [params, setParams] = useSearchParams();
  const open = params.get('project');
  const queryClient = useQueryClient();
  const search = params.toString();
  // With a project open, the list behind it (its code and its results) is fetched for the way back,
  // but not watched: a page that starts on a project does not render again for a list it does not show.
  useEffect(() => {
    if (!open) return;
    BrowsePage.load.start();
    startQuery(queryClient, browseQuery(browseFiltersOf(new URLSearchParams(search))));
  }, [open, search, queryClient]);
  if (open) {
    return (
      <LoadedPart load={StudentProjectPage.load} fallback={<Skeleton h={240} />}>
        <StudentProjectPage
          id={open}
          onBack={() => {
            setParams(withParams(params, { project: undefined }, null));
          }}
        />
      </LoadedPart>
    );
  }
  return (
    <LoadedPart load={BrowsePage.load} fallback={<Skeleton h={240} />}>
      <BrowsePage suggestedSkills={options.data?.suggestedSkills ?? []} />
    </LoadedPart>
  );
}
