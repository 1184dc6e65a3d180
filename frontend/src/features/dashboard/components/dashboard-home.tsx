import { AdminHome } from '../../admin/components/admin-home';
import { useDashboard } from '../use-dashboard';
import { StartupHome } from './startup-home';
import { StudentHome } from './student-home';

/** Spec §2: admin sees the admin dashboard, startup an overview, everyone else the student dashboard. */
export function DashboardHome() {
  const { role } = useDashboard();
  if (role === 'admin') return <AdminHome />;
  if (role === 'startup') return <StartupHome />;
  return <StudentHome />;
}

export default DashboardHome;
