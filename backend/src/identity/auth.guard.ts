import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../common/errors.js';
import { ALLOW_UNVERIFIED_KEY, PUBLIC_KEY, ROLES_KEY } from '../common/auth.js';
import type { AuthedRequest } from './auth.decorators.js';
import type { UserType } from './identity.entities.js';
import { SESSION_COOKIE, SessionsService } from './sessions.service.js';

/**
 * Every route is closed unless it says otherwise: a session is required, a verified email too, and
 * the role when the route names roles. Public routes still learn who is calling, if anyone.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(ctx: ExecutionContext) {
    const targets = [ctx.getHandler(), ctx.getClass()];
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    const auth = await this.sessions.resolve(req.cookies[SESSION_COOKIE]);
    if (auth) req.auth = auth;
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    if (!auth) throw new DomainError('unauthenticated', 'Please sign in to continue.', 401);
    const roles = this.reflector.getAllAndOverride<UserType[] | undefined>(ROLES_KEY, targets);
    if (roles && !roles.includes(auth.user.userType)) {
      throw new DomainError('forbidden', 'You do not have access to this.', 403);
    }
    if (!auth.user.emailVerifiedAt && !this.reflector.getAllAndOverride<boolean>(ALLOW_UNVERIFIED_KEY, targets)) {
      throw new DomainError('email-not-verified', 'Please verify your email address first.', 403);
    }
    return true;
  }
}
