import type { AuthContext as GenericAuthContext, AuthedRequest as GenericAuthedRequest } from '../common/auth.js';
import { DomainError } from '../common/errors.js';
import { localeFromAcceptLanguage } from '@mashrou/contracts';
import type { User } from './identity.entities.js';
import type { ClientMeta } from './limits.js';
import { normalizeEmail } from './secrets.js';
import { DEVICE_COOKIE } from './sessions.service.js';

export { CurrentUser } from '../common/auth.js';

export type AuthContext = GenericAuthContext<User>;
export type AuthedRequest = GenericAuthedRequest<User>;

/** What the budgets and a new session need to know of the caller. */
export const clientMeta = (req: AuthedRequest): ClientMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  deviceToken: req.cookies[DEVICE_COOKIE],
  locale: localeFromAcceptLanguage(req.headers['accept-language']),
});

/** A signed-in user may verify their own email address only. */
export function assertOwnEmail(user: User, email: string) {
  if (normalizeEmail(email) !== user.emailNormalized) {
    throw new DomainError('forbidden', 'You can only verify your own email address.', 403);
  }
}
