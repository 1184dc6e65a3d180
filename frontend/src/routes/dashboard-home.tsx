import { use, type ReactElement } from 'react';
import { onboardingOptionsQuery } from '../lib/onboarding-options';
import { overviewQuery } from '../features/admin/api/get-overview';
import { pendingProjectsQuery } from '../features/admin/api/get-pending-projects';
import { signupNotificationsQuery } from '../features/admin/api/get-signup-notifications';
import { browseQuery } from '../features/marketplace/api/get-browse';
import { companyOverviewQuery } from '../features/marketplace/api/get-company-overview';
import { answerTimesQuery, myApplicationsQuery } from '../features/marketplace/api/get-my-applications';
import { assessmentQuery } from '../features/onboarding/api/get-assessment';
import { meQuery, useSignedInUser } from '../lib/auth';
import { currentLanguage, loadAppTexts } from '../lib/i18n';
import { roleOf, type Role } from '../lib/roles';
import { loadOnce, type LoadOnce } from '../lib/load-once';
import { startQuery, type Prefetch, type ScreenCode } from '../lib/start-query';

/** Each role's home, a chunk of its own: a student's first screen loads none of the admin's tables and forms. */
const HOMES: Record<Role, LoadOnce<ReactElement>> = {
  admin: loadOnce(() =>
    Promise.all([import('../features/admin/components/admin-home'), loadAppTexts('adminHome')]).then(([m]) => <m.AdminHome />),
  ),
  startup: loadOnce(() => import('./startup-home').then((m) => <m.StartupHome />)),
  student: loadOnce(() => Promise.all([import('./student-home'), loadAppTexts('student')]).then(([m]) => <m.StudentHome />)),
};

/** The home view's code and first requests, once it is known whose home it is (the layout asks who is signed in). */
export const prefetch: Prefetch = (queryClient) => {
  queryClient
    .query(meQuery)
    .then((user) => {
      if (!user) return;
      const role = roleOf(user);
      // Entering the screen tries again a load that failed before (the error screen said so).
      HOMES[role].start();
      if (role === 'admin') {
        startQuery(queryClient, overviewQuery);
        startQuery(queryClient, signupNotificationsQuery(1));
        startQuery(queryClient, pendingProjectsQuery);
      } else if (role === 'startup') {
        startQuery(queryClient, companyOverviewQuery);
        // The Book a Call card's calendar link.
        startQuery(queryClient, onboardingOptionsQuery(currentLanguage()));
      } else {
        if (user.userType === 'student') startQuery(queryClient, assessmentQuery(currentLanguage()));
        startQuery(queryClient, browseQuery({ sort: 'match', page: 1 }));
        startQuery(queryClient, myApplicationsQuery(1));
        startQuery(queryClient, answerTimesQuery);
      }
    })
    .catch(() => undefined);
};

/** The home's code for whoever is signed in, once loaded: the server renders the page with it. */
export const code: ScreenCode = async (queryClient) => {
  // The user the layout has already (a move between screens waits for this): asked only if not.
  const user = await queryClient.query({ ...meQuery, staleTime: 'static' });
  if (user) await HOMES[roleOf(user)]();
};

/** Spec §2: admin sees the admin dashboard, startup an overview, everyone else the student dashboard. */
export function DashboardHome() {
  return use(HOMES[roleOf(useSignedInUser())]());
}

export default DashboardHome;
