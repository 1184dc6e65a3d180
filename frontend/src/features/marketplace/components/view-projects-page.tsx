import { useEffect } from 'react';
import { Skeleton } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { withParams } from '../../../lib/list-params';
import { myProjectsQuery } from '../api/get-my-projects';
import { APPLICANT_LIST_PARAMS, applicantsQuery, applicantsViewOf } from '../api/get-applicants';
import { ownProjectQuery } from '../api/get-own-project';
import { unreadMessagesQuery } from '../api/messages';
import { onboardingOptionsQuery } from '../../../lib/onboarding-options';
import { currentLanguage } from '../../../lib/i18n';
import { startQuery, type Prefetch, type ScreenCode } from '../../../lib/start-query';
import { LoadedPart } from '../../../components/ui/loaded-part';
import { CompanyProjectDetail, CompanyProjectList, listViewOf } from './company-project-parts';

/** A project's page (with its applicants) or the list, each a chunk of its own: the server renders with it. */
export const code: ScreenCode = (_queryClient, params) =>
  params.get('project') ? CompanyProjectDetail.load() : CompanyProjectList.load();

/**
 * View Projects' first requests: the project the address opens and its applicants, else the page of
 * projects it asks for.
 */
export const prefetch: Prefetch = (queryClient, params) => {
  const project = params.get('project');
  if (project) {
    CompanyProjectDetail.load.start();
    // Kept until its screen reads it (the screen itself drops it once closed: read afresh each time).
    startQuery(queryClient, { ...ownProjectQuery(project), gcTime: 60_000 });
    startQuery(queryClient, applicantsQuery(project, applicantsViewOf(params)));
    // What the applicants' cards read besides: their message badges, and the skills' labels.
    startQuery(queryClient, unreadMessagesQuery);
    startQuery(queryClient, onboardingOptionsQuery(currentLanguage()));
  } else {
    CompanyProjectList.load.start();
    const { page, status } = listViewOf(params);
    startQuery(queryClient, myProjectsQuery(page, status));
  }
};

/**
 * View Projects: the company's projects with status and applicants, a page at a time, optionally of
 * one status (`?status=open&page=2`); one project with its applicants (`?project=…`).
 */
export function ViewProjectsPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get('project');
  // A project's page loads the list's code afterwards, for the way back.
  useEffect(() => {
    if (open) CompanyProjectList.load.start();
  }, [open]);
  if (open) {
    return (
      <LoadedPart load={CompanyProjectDetail.load} fallback={<Skeleton h={320} />}>
        <CompanyProjectDetail
          id={open}
          onBack={() => {
            // Back to the list as it was (its page and filter stay in the address).
            setParams(withParams(params, { project: undefined, ...APPLICANT_LIST_PARAMS }, null));
          }}
        />
      </LoadedPart>
    );
  }
  return (
    <LoadedPart load={CompanyProjectList.load} fallback={<Skeleton h={320} />}>
      <CompanyProjectList />
    </LoadedPart>
  );
}

export default ViewProjectsPage;
