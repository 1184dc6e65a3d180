import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { NoUnexpectedBodyGuard } from '../common/no-unexpected-body.guard.js';
import { EventsModule } from '../events/events.module.js';
import { DeliveryModule } from '../mail/index.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { AccountsService } from './accounts.service.js';
import { AuthService } from './auth.service.js';
import { AuthGuard } from './auth.guard.js';
import { LocalStrategy } from './local.strategy.js';
import { SessionStrategy } from './session.strategy.js';
import { StrategyNames } from './strategy-names.js';
import { IdentityController } from './identity.controller.js';
import { ProviderCallbackGuard } from './provider-callback.guard.js';
import { ProviderSignInService } from './provider-sign-in.service.js';
import { ProvidersController } from './providers.controller.js';
import { SignInProviders } from './sign-in-providers.js';
import { IDENTITY_EMAIL_HANDLERS } from './identity-emails.handlers.js';
import { PasswordChecks } from './password-checks.js';
import { PasswordsService } from './passwords.service.js';
import { ProfileService } from './profile.service.js';
import { SessionsService } from './sessions.service.js';
import { VerificationService } from './verification.service.js';
import { EmailChangeService } from './email-change.service.js';
import { AuditModule } from '../audit/index.js';

const SERVICES = [
  AuthService,
  VerificationService,
  PasswordsService,
  PasswordChecks,
  ProfileService,
  AccountsService,
  SessionsService,
  EmailChangeService,
];

/**
 * Accounts, sessions, verification, passwords and sign-in providers (tables `users`, `sessions`,
 * `verification_codes`, `password_reset_tokens`, `user_identities`). Other modules use AccountsService, ProfileService and SessionsService.
 */
@Module({})
export class IdentityModule {
  private static api?: DynamicModule;
  private static worker?: DynamicModule;

  /** One instance per process, however many modules import it. */
  static forApi(): DynamicModule {
    return (IdentityModule.api ??= {
      module: IdentityModule,
      imports: [RateLimitModule, EventsModule, AuditModule],
      controllers: [IdentityController, ProvidersController],
      providers: [
        ...SERVICES,
        StrategyNames,
        SessionStrategy,
        LocalStrategy,
        SignInProviders,
        ProviderSignInService,
        ProviderCallbackGuard,
        // Guards run in this order: who is calling, then whether a body came where none belongs.
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: NoUnexpectedBodyGuard },
      ],
      exports: [AccountsService, ProfileService, SessionsService],
    });
  }

  /** The worker issues codes and reset tokens at send time, and mails the welcome. */
  static forWorker(): DynamicModule {
    return (IdentityModule.worker ??= {
      module: IdentityModule,
      imports: [RateLimitModule, EventsModule, DeliveryModule, AuditModule],
      providers: [...SERVICES, ...IDENTITY_EMAIL_HANDLERS],
      exports: [AccountsService, ProfileService, SessionsService],
    });
  }
}
