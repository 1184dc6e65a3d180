/** The identity module's public surface: what other modules may use. */
export { IdentityModule } from './identity.module.js';
export { AccountsService } from './accounts.service.js';
export { ProfileService } from './profile.service.js';
export { clearSessionCookies, SessionsService, SESSION_COOKIE } from './sessions.service.js';
export { publicUser } from './user-view.js';
export type { AuthedRequest } from './auth.decorators.js';
export { CurrentUser } from '../common/auth.js';
export type { User } from './identity.entities.js';
export type { UserRow } from './identity.queries.js';
/** For `npm run import:legacy` (the legacy module). */
export { accountIdByEmail, insertLegacyAccount, isActiveCompany } from './legacy-users.js';
export { encodeLegacyPassword } from './legacy-password.js';
/** For the ORM's registration only (entities.ts). */
export { IDENTITY_ENTITIES } from './identity.entities.js';
