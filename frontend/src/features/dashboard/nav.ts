import type { Role } from '../../lib/roles';

/**
 * Spec §2 sidebar items per role; the id is the route under /dashboard ('' is the home view), or
 * `href` a page of the api outside the web app (the queue board).
 */
export const NAV: Record<Role, { id: string; key: string; href?: string }[]> = {
  student: [
    { id: '', key: 'overview' },
    { id: 'browse-projects', key: 'browse-projects' },
    { id: 'my-applications', key: 'my-applications' },
  ],
  startup: [
    { id: '', key: 'dashboard' },
    { id: 'create-project', key: 'create-project' },
    { id: 'view-projects', key: 'view-projects' },
  ],
  admin: [
    { id: '', key: 'dashboard' },
    { id: 'manage-users', key: 'manage-users' },
    { id: 'projects', key: 'projects' },
    { id: 'ai-recruitment', key: 'ai-recruitment' },
    { id: 'queues', key: 'queues', href: '/admin/queues' },
  ],
};

/** Role-only sub-routes (spec §2); anything else under /dashboard redirects home. */
export const ROLE_ROUTES: Record<string, Role[]> = {
  'browse-projects': ['student'],
  'my-applications': ['student'],
  assessment: ['student'],
  'create-project': ['startup'],
  'view-projects': ['startup'],
  'manage-users': ['admin'],
  'ai-recruitment': ['admin'],
  projects: ['admin'],
  settings: ['student', 'startup', 'admin'],
  notifications: ['student', 'startup', 'admin'],
};

export const canOpen = (role: Role, sub: string) => ROLE_ROUTES[sub]?.includes(role) ?? false;
