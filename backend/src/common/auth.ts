import '@fastify/cookie';
import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { UserType } from '@mashrou/contracts';

/**
 * Who may call a route, as metadata every module can set without depending on `identity` (whose
 * AuthGuard reads it). Every route is closed unless it says otherwise.
 */
export const PUBLIC_KEY = 'auth:public';
export const ROLES_KEY = 'auth:roles';
export const ALLOW_UNVERIFIED_KEY = 'auth:allowUnverified';

/** Anyone may call this route, signed in or not. */
export const Public = () => SetMetadata(PUBLIC_KEY, true);
/** Only these roles (default for non-public routes: any signed-in, verified user). */
export const Roles = (...roles: UserType[]) => SetMetadata(ROLES_KEY, roles);
/** A signed-in user whose email is not verified yet may call this route. */
export const AllowUnverified = () => SetMetadata(ALLOW_UNVERIFIED_KEY, true);

/** Set on the request by the auth guard: the signed-in user and the hash of their session id. */
export interface AuthContext<U = unknown> {
  user: U;
  sessionHash: string;
}
export type AuthedRequest<U = unknown> = FastifyRequest & { auth?: AuthContext<U> };

/** The hash of the caller's session id (signed-in routes only). */
export const CurrentSessionHash = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  return ctx.switchToHttp().getRequest<AuthedRequest>().auth?.sessionHash;
});

/** The signed-in user (the parameter's type says which shape: identity's `User`). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): unknown => {
  return ctx.switchToHttp().getRequest<AuthedRequest>().auth?.user;
});
