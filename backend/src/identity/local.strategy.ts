import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { Strategy } from 'passport-local';
import { api } from '@mashrou/contracts';
import { ZodPipe } from '../common/zod.js';
import { clientMeta, type AuthedRequest } from './auth.decorators.js';
import { AuthService } from './auth.service.js';
import { StrategyNames, unusedRegistry } from './strategy-names.js';

/**
 * Passport's `local` strategy: sign-in with email and password (AuthService.signIn: the budgets
 * counted before the password is checked, the spec's answers, a new session). What it gives the
 * route is the signed-in account with its session and device tokens. Registered under this app's
 * name for it (StrategyNames).
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') implements OnModuleDestroy {
  constructor(
    private readonly auth: AuthService,
    private readonly names: StrategyNames,
  ) {
    super({ usernameField: 'email', passReqToCallback: true });
    passport.use(names.local, this);
  }

  onModuleDestroy() {
    passport.unuse(this.names.local);
  }

  getPassportInstance() {
    return unusedRegistry;
  }

  async validate(req: AuthedRequest) {
    // The body checked as every body is (its contract), before anything else reads it.
    const body = new ZodPipe(api.identity.signIn.body).transform(req.body);
    return this.auth.signIn(body.email, body.password, clientMeta(req));
  }
}
