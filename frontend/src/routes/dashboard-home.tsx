import { onboardingOptionsQuery } from '../lib/onboarding-options';
import { overviewQuery } from '../features/admin/api/get-overview';
import { pendingProjectsQuery } from '../features/admin/api/get-pending-projects';
import { signupNotificationsQuery } from '../features/admin/api/get-signup-notifications';
import { AdminHome } from '../features/admin/components/admin-home';
import { browseQuery } from '../features/marketplace/api/get-browse';
import { companyOverviewQuery } from '../features/marketplace/api/get-company-overview';
import { answerTimesQuery, myApplicationsQuery } from '../features/marketplace/api/get-my-applications';
import { assessmentQuery } from '../features/onboarding/api/get-assessment';
import { meQuery, useSignedInUser } from '../lib/auth';
import { currentLanguage } from '../lib/i18n';
import { roleOf } from '../lib/roles';
import { startQuery, type Prefetch } from '../lib/start-query';
import { StartupHome } from './startup-home';
import { StudentHome } from './student-home';

/** The home view's first requests, once it is known whose home it is (the layout asks who is signed in). */
export const prefetch: Prefetch = (queryClient) => {
  queryClient
    .query(meQuery)
    .then((user) => {
      if (!user) return;
      const role = roleOf(user);
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

/** Spec §2: admin sees the admin dashboard, startup an overview, everyone else the student dashboard. */
export function DashboardHome() {
  const role = roleOf(useSignedInUser());
  if (role === 'admin') return <AdminHome />;
  if (role === 'startup') return <StartupHome />;
  return <StudentHome />;
}

export default DashboardHome;
