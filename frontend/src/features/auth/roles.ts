/** Legacy: roles moved to lib/roles (this goes once the dashboard uses it). */
export { pendingSignupStep, roleOf, type Role } from '../../lib/roles';
