import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportGuard } from '@nestjs/passport';
import { DomainError } from '../common/errors.js';
import { ALLOW_UNVERIFIED_KEY, PUBLIC_KEY, ROLES_KEY } from '../common/auth.js';
import type { AuthContext, AuthedRequest } from './auth.decorators.js';
import type { AuthService } from './auth.service.js';
import type { UserType } from './identity.entities.js';
import { LocalStrategy } from './local.strategy.js';
import { StrategyNames } from './strategy-names.js';

/**
 * Every route is closed unless it says otherwise: a session is required, a verified email too, and
 * the role when the route names roles. Who is calling is Passport's `session` strategy
 * (session.strategy.ts), on every route: public routes still learn who is calling, if anyone.
 */
@Injectable()
export class AuthGuard extends PassportGuard() {
  constructor(
    private readonly reflector: Reflector,
    names: StrategyNames,
  ) {
    super({ defaultStrategy: names.session });
  }

  getAuthenticateOptions() {
    return { session: false, property: 'auth' };
  }

  /** No session is not a failure here: what the route requires is checked in canActivate. */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- generic as the base class's
  handleRequest<T = AuthContext | undefined>(err: Error | null, auth: AuthContext | false): T {
    if (err) throw err;
    return (auth || undefined) as T;
  }

  async canActivate(ctx: ExecutionContext) {
    await super.canActivate(ctx);
    const targets = [ctx.getHandler(), ctx.getClass()];
    const { auth } = ctx.switchToHttp().getRequest<AuthedRequest>();
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

/** What a successful sign-in gives the route (LocalStrategy): the account, its new session and device tokens. */
export type SignedIn = Awaited<ReturnType<AuthService['signIn']>>;
export type SigningInRequest = AuthedRequest & { signedIn: SignedIn };

/** Sign-in with email and password: Passport's `local` strategy (local.strategy.ts) on the sign-in route. */
@Injectable()
export class SignInGuard extends PassportGuard() {
  constructor(
    names: StrategyNames,
    private readonly local: LocalStrategy,
  ) {
    super({ defaultStrategy: names.local });
  }

  getAuthenticateOptions() {
    return { session: false, property: 'signedIn' };
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- generic as the base class's
  handleRequest<T = SignedIn>(err: Error | null, signedIn: SignedIn | false, _info: unknown, ctx: ExecutionContext): T {
    if (err) throw err;
    if (signedIn) return signedIn as T;
    // passport-local refuses an empty or missing email or password by itself, before its check: the
    // strategy's own check answers instead, as for any other sign-in (the contract's field errors, an
    // invalid email, a wrong password with its attempt counted), so the route's answers stay the spec's.
    return this.local.validate(ctx.switchToHttp().getRequest<AuthedRequest>()) as T;
  }
}
