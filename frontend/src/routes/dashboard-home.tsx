import { AdminHome } from '../features/admin/components/admin-home';
import { useSignedInUser } from '../lib/auth';
import { roleOf } from '../lib/roles';
import { StartupHome } from './startup-home';
import { StudentHome } from './student-home';

/** Spec §2: admin sees the admin dashboard, startup an overview, everyone else the student dashboard. */
export function DashboardHome() {
  const role = roleOf(useSignedInUser());
  if (role === 'admin') return <AdminHome />;
  if (role === 'startup') return <StartupHome />;
  return <StudentHome />;
}

export default DashboardHome;
