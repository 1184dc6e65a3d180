import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard.js';
import { NoUnexpectedBodyGuard } from '../common/no-unexpected-body.guard.js';
import { IdentityController } from './identity.controller.js';
import { IdentityService } from './identity.service.js';
import { SessionsService } from './sessions.service.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { IDENTITY_EMAIL_HANDLERS } from './identity-emails.handlers.js';

@Module({})
export class IdentityModule {
  static forApi() {
    return {
      module: IdentityModule,
      global: true,
      imports: [RateLimitModule],
      controllers: [IdentityController],
      // Guards run in this order: who is calling, then whether a body came where none belongs.
      providers: [
        IdentityService,
        SessionsService,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: NoUnexpectedBodyGuard },
      ],
      exports: [IdentityService, SessionsService],
    };
  }

  /** The worker issues codes and reset tokens at send time. */
  static forWorker() {
    return {
      module: IdentityModule,
      global: true,
      imports: [RateLimitModule],
      providers: [IdentityService, SessionsService, ...IDENTITY_EMAIL_HANDLERS],
      exports: [IdentityService, SessionsService],
    };
  }
}
