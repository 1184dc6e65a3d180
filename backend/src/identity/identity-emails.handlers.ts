import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { PublishedEvent } from '../events/event-catalogue.js';
import { HandlesEvent, type EventHandler, type HandlerContext } from '../events/event-handler.js';
import { EmailDeliveryService } from '../notifications/index.js';
import { UserSchema } from './identity.entities.js';
import { CODE_LIFETIME_MS, RESET_LIFETIME_MS } from './limits.js';
import { PasswordsService } from './passwords.service.js';
import { VerificationService } from './verification.service.js';
import { randomToken, sixDigitCode } from './secrets.js';

/** The code is created here, at send time: it never travels in job data (DESIGN §3). Always sent. */
@Injectable()
@HandlesEvent({ event: 'EmailVerificationRequested', name: 'sendVerificationCode', queue: 'notifications' })
export class SendVerificationCodeHandler implements EventHandler<'EmailVerificationRequested'> {
  constructor(
    private readonly orm: MikroORM,
    private readonly verification: VerificationService,
    private readonly delivery: EmailDeliveryService,
  ) {}

  async handle(event: PublishedEvent<'EmailVerificationRequested'>, ctx: HandlerContext) {
    const em = this.orm.em.fork();
    const user = await em.findOne(UserSchema, { id: event.payload.userId });
    if (!user || user.emailVerifiedAt) return 'skipped';
    return this.delivery.deliver(ctx.jobKey, user.email, 'VerificationCode', async () => {
      const code = sixDigitCode();
      await this.verification.issueCode(em, user, code);
      return { fullName: user.fullName, code, minutes: CODE_LIFETIME_MS / 60_000, locale: user.locale };
    });
  }
}

/** The reset token is created at send time; only its hash is stored. Always sent. */
@Injectable()
@HandlesEvent({ event: 'PasswordResetRequested', name: 'sendPasswordReset', queue: 'notifications' })
export class SendPasswordResetHandler implements EventHandler<'PasswordResetRequested'> {
  constructor(
    private readonly orm: MikroORM,
    private readonly passwords: PasswordsService,
    private readonly delivery: EmailDeliveryService,
  ) {}

  async handle(event: PublishedEvent<'PasswordResetRequested'>, ctx: HandlerContext) {
    const em = this.orm.em.fork();
    const user = await em.findOne(UserSchema, { id: event.payload.userId });
    if (!user || !user.active) return 'skipped';
    return this.delivery.deliver(ctx.jobKey, user.email, 'PasswordReset', async () => {
      const token = randomToken();
      await this.passwords.issueResetToken(em, user.id, token);
      return {
        fullName: user.fullName,
        resetUrl: this.delivery.url(`/reset-password?token=${encodeURIComponent(token)}`),
        minutes: RESET_LIFETIME_MS / 60_000,
        locale: user.locale,
      };
    });
  }
}

/**
 * A notification: respects the user's emailNotifications setting. Sent once the address is proven
 * (a code or a reset link), never at sign-up: nothing but its code goes to an unverified address.
 */
@Injectable()
@HandlesEvent({ event: 'EmailVerified', name: 'sendWelcome', queue: 'notifications' })
export class SendWelcomeHandler implements EventHandler<'EmailVerified'> {
  constructor(
    private readonly orm: MikroORM,
    private readonly delivery: EmailDeliveryService,
  ) {}

  async handle(event: PublishedEvent<'EmailVerified'>, ctx: HandlerContext) {
    const user = await this.orm.em.fork().findOne(UserSchema, { id: event.payload.userId });
    if (!user || !user.active || user.userType === 'admin') return 'skipped';
    return this.delivery.notify(ctx.jobKey, user, 'Welcome', {
      fullName: user.fullName,
      userType: user.userType,
      locale: user.locale,
      ...this.delivery.links(),
    });
  }
}

export const IDENTITY_EMAIL_HANDLERS = [SendVerificationCodeHandler, SendPasswordResetHandler, SendWelcomeHandler];
