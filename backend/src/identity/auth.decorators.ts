import '@fastify/cookie';
import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { User, UserType } from './identity.entities.js';
import { DomainError } from '../common/errors.js';

export const PUBLIC_KEY = 'auth:public';
export const ROLES_KEY = 'auth:roles';
export const ALLOW_UNVERIFIED_KEY = 'auth:allowUnverified';

/** Anyone may call this route, signed in or not. */
export const Public = () => SetMetadata(PUBLIC_KEY, true);
/** Only these roles (default for non-public routes: any signed-in, verified user). */
export const Roles = (...roles: UserType[]) => SetMetadata(ROLES_KEY, roles);
/** A signed-in user whose email is not verified yet may call this route. */
export const AllowUnverified = () => SetMetadata(ALLOW_UNVERIFIED_KEY, true);

export interface AuthContext {
  user: User;
  sessionHash: string;
}

export type AuthedRequest = FastifyRequest & { auth?: AuthContext };

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): User | undefined => {
  return ctx.switchToHttp().getRequest<AuthedRequest>().auth?.user;
});

/** A signed-in user may act on their own email address only; `adminAnyone` lets admins act on any. */
export function assertOwnEmail(user: User, email: string, what: string, opts: { adminAnyone?: boolean } = {}) {
  if (opts.adminAnyone && user.userType === 'admin') return;
  if (email.trim().toLowerCase() !== user.emailNormalized) {
    throw new DomainError('forbidden', `You can only ${what} your own email address.`, 403);
  }
}
