/** Legacy: the signed-in user moved to lib/auth (this goes once the dashboard, settings and test pages use it). */
export { meKey, signOut, useMe, useSetMe } from '../../../lib/auth';
