import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { Strategy } from 'passport-custom';
import type { AuthedRequest } from './auth.decorators.js';
import { SESSION_COOKIE, SessionsService } from './sessions.service.js';
import { StrategyNames, unusedRegistry } from './strategy-names.js';

/**
 * Passport's `session` strategy: who is calling, from the session cookie (SessionsService.resolve:
 * the session cache, then one query), registered under this app's name for it (StrategyNames). No session is not an error here: the auth guard decides what a
 * route requires.
 */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, 'session') implements OnModuleDestroy {
  constructor(
    private readonly sessions: SessionsService,
    private readonly names: StrategyNames,
  ) {
    super();
    passport.use(names.session, this);
  }

  onModuleDestroy() {
    passport.unuse(this.names.session);
  }

  getPassportInstance() {
    return unusedRegistry;
  }

  async validate(req: AuthedRequest) {
    return (await this.sessions.resolve(req.cookies[SESSION_COOKIE])) ?? null;
  }
}
