import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { PublishedEvent } from '../events/event-catalogue.js';
import { HandlesEvent, type EventHandler, type HandlerContext } from '../events/event-handler.js';
import { EmailDeliveryService } from '../mail/index.js';
import { UserSchema, type User } from './identity.entities.js';
import { CODE_LIFETIME_MS, RECOVERY_LIFETIME_MS, RESET_LIFETIME_MS } from './limits.js';
import { PasswordsService } from './passwords.service.js';
import { VerificationService } from './verification.service.js';
import { normalizeEmail, randomToken, sixDigitCode } from './secrets.js';

/** The identity module's mails: each reads the account and sends one mail, once per job. */
@Injectable()
abstract class IdentityMail {
  constructor(
    private readonly orm: MikroORM,
    protected readonly verification: VerificationService,
    protected readonly passwords: PasswordsService,
    protected readonly delivery: EmailDeliveryService,
  ) {}

  /** The account, in a context of this job's own (a code or token is written in it at send time). */
  protected async user(id: string) {
    const em = this.orm.em.fork();
    return { em, user: await em.findOne(UserSchema, { id }) };
  }

  /** A code made at send time and stored in the job's context: what every code mail shows. */
  protected async newCode(em: EntityManager, user: User, change?: { email: string } | 'link') {
    const code = sixDigitCode();
    await this.verification.issueCode(em, user, code, change);
    return { fullName: user.fullName, code, minutes: CODE_LIFETIME_MS / 60_000, locale: user.locale };
  }

  /** A reset link made at send time (only its hash is stored); with `restoreEmail`, a recovery link to that address. */
  protected async resetUrl(em: EntityManager, user: User, restoreEmail?: string) {
    const token = randomToken();
    await this.passwords.issueResetToken(em, user.id, token, restoreEmail);
    return this.delivery.url(`/reset-password?token=${encodeURIComponent(token)}`);
  }
}

/** The code is created here, at send time: it never travels in job data (DESIGN §3). Always sent. */
@HandlesEvent({ event: 'EmailVerificationRequested', name: 'sendVerificationCode', queue: 'notifications' })
export class SendVerificationCodeHandler extends IdentityMail implements EventHandler<'EmailVerificationRequested'> {
  async handle(event: PublishedEvent<'EmailVerificationRequested'>, ctx: HandlerContext) {
    const { em, user } = await this.user(event.payload.userId);
    if (!user || user.emailVerifiedAt) return 'skipped';
    return this.delivery.deliver(ctx.jobKey, user.email, 'VerificationCode', () => this.newCode(em, user));
  }
}

/** The reset token is created at send time; only its hash is stored. Always sent. */
@HandlesEvent({ event: 'PasswordResetRequested', name: 'sendPasswordReset', queue: 'notifications' })
export class SendPasswordResetHandler extends IdentityMail implements EventHandler<'PasswordResetRequested'> {
  async handle(event: PublishedEvent<'PasswordResetRequested'>, ctx: HandlerContext) {
    const { em, user } = await this.user(event.payload.userId);
    if (!user || !user.active) return 'skipped';
    return this.delivery.deliver(ctx.jobKey, user.email, 'PasswordReset', async () => ({
      fullName: user.fullName,
      resetUrl: await this.resetUrl(em, user),
      minutes: RESET_LIFETIME_MS / 60_000,
      locale: user.locale,
    }));
  }
}

/**
 * A notification: respects the user's emailNotifications setting. Sent once the address is proven
 * (a code or a reset link), never at sign-up: nothing but its code goes to an unverified address.
 */
@HandlesEvent({ event: 'EmailVerified', name: 'sendWelcome', queue: 'notifications' })
export class SendWelcomeHandler extends IdentityMail implements EventHandler<'EmailVerified'> {
  async handle(event: PublishedEvent<'EmailVerified'>, ctx: HandlerContext) {
    const { user } = await this.user(event.payload.userId);
    if (!user || !user.active || user.userType === 'admin') return 'skipped';
    return this.delivery.notify(ctx.jobKey, user, 'Welcome', {
      fullName: user.fullName,
      userType: user.userType,
      locale: user.locale,
      dashboardUrl: this.delivery.url('/dashboard'),
    });
  }
}

/** The code for a new address goes to that address, made at send time. Always sent. */
@HandlesEvent({ event: 'EmailChangeRequested', name: 'sendEmailChangeCode', queue: 'notifications' })
export class SendEmailChangeCodeHandler extends IdentityMail implements EventHandler<'EmailChangeRequested'> {
  async handle(event: PublishedEvent<'EmailChangeRequested'>, ctx: HandlerContext) {
    const { em, user } = await this.user(event.payload.userId);
    const to = user?.pendingEmail;
    if (!user || !to) return 'skipped';
    return this.delivery.deliver(ctx.jobKey, to, 'EmailChangeCode', () => this.newCode(em, user, { email: normalizeEmail(to) }));
  }
}

/** The code that proves an account before a provider is linked to it, made at send time. Always sent. */
@HandlesEvent({ event: 'ProviderLinkRequested', name: 'sendProviderLinkCode', queue: 'notifications' })
export class SendProviderLinkCodeHandler extends IdentityMail implements EventHandler<'ProviderLinkRequested'> {
  async handle(event: PublishedEvent<'ProviderLinkRequested'>, ctx: HandlerContext) {
    const { em, user } = await this.user(event.payload.userId);
    if (!user || !user.active) return 'skipped';
    return this.delivery.deliver(ctx.jobKey, user.email, 'ProviderLinkCode', async () => ({
      ...(await this.newCode(em, user, 'link')),
      providerName: event.payload.provider === 'google' ? ('Google' as const) : ('LinkedIn' as const),
    }));
  }
}

/** `la***@example.com`: enough for the owner to recognise, not a full address in someone else's inbox. */
export const emailHint = (email: string) => {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, Math.max(at, 0));
  return `${local.slice(0, Math.min(2, Math.max(local.length - 1, 1)))}***${email.slice(at)}`;
};

/** The old address is told that the account moved (always sent: it is about the account's safety). */
@HandlesEvent({ event: 'EmailChanged', name: 'tellOldAddress', queue: 'notifications' })
export class TellOldAddressHandler extends IdentityMail implements EventHandler<'EmailChanged'> {
  async handle(event: PublishedEvent<'EmailChanged'>, ctx: HandlerContext) {
    const { em, user } = await this.user(event.payload.userId);
    if (!user) return 'skipped';
    const { previousEmail } = event.payload;
    // The recovery link is made when the mail is sent (never in job data), like a reset link.
    return this.delivery.deliver(ctx.jobKey, previousEmail, 'EmailChanged', async () => ({
      fullName: user.fullName,
      newEmailHint: emailHint(user.email),
      recoverUrl: await this.resetUrl(em, user, previousEmail),
      days: RECOVERY_LIFETIME_MS / 86_400_000,
      locale: user.locale,
    }));
  }
}

export const IDENTITY_EMAIL_HANDLERS = [
  SendVerificationCodeHandler,
  SendPasswordResetHandler,
  SendWelcomeHandler,
  SendEmailChangeCodeHandler,
  SendProviderLinkCodeHandler,
  TellOldAddressHandler,
];
