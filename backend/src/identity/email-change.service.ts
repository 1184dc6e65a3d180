import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { AuditService } from '../audit/index.js';
import { DomainError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { EmailChangeRequested, EmailChanged } from '../events/event-catalogue.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { AccountsService } from './accounts.service.js';
import { UserSchema, type User } from './identity.entities.js';
import { emailTaken } from './insert-user.js';
import { heldForRecovery, PasswordsService } from './passwords.service.js';
import { CODE_LIFETIME_MS, spendCodeMail, spendCodeTry, type ClientMeta } from './limits.js';
import { normalizeEmail } from './secrets.js';
import { SessionsService } from './sessions.service.js';
import { useCode } from './verification.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

/**
 * Changing the account's email: the current password and the new address, then a code mailed to
 * the new address (the verification machinery: HMAC-stored, 10 minutes, 5 tries, the same code
 * budgets), then the switch, which tells the old address. An address already in use is refused the
 * way sign-up refuses it (409 email-already-registered), within the code budgets, so probing
 * addresses costs a password and is as limited as sign-up.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
    private readonly passwords: PasswordsService,
  ) {}

  async request(user: User, newEmail: string, password: string, meta: ClientMeta) {
    await this.accounts.confirmPassword(user.id, password);
    const normalized = normalizeEmail(newEmail);
    if (normalized === user.emailNormalized) {
      throw new DomainError('email-unchanged', 'This is already your email address.', 409);
    }
    await spendCodeMail(this.limits, `email-change-resend:${user.id}`, user.id, meta);
    await this.orm.em.fork().transactional(async (tx) => {
      if ((await tx.count(UserSchema, { emailNormalized: normalized })) || (await heldForRecovery(tx, normalized)))
        throw emailTaken();
      const owner = await tx.findOneOrFail(UserSchema, { id: user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      owner.pendingEmail = newEmail.trim();
      this.outbox.publish(tx, new EmailChangeRequested({ userId: user.id }));
    });
    return { sent: true as const, minutes: CODE_LIFETIME_MS / 60_000 };
  }

  /**
   * The code from the new address: the account moves to it. Like a password change, every other
   * session ends (this one stays) and reset links mailed before stop working; the old address is
   * told, with a link that gives the account back to it (TellOldAddressHandler).
   */
  async confirm(user: User, sessionHash: string, code: string, meta: ClientMeta) {
    const refund = await spendCodeTry(this.limits, user.id, meta);
    // Wrong guesses are recorded (the transaction commits), then refused.
    const result = await this.orm.em.fork().transactional(async (tx) => {
      const owner = await tx.findOneOrFail(UserSchema, { id: user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!owner.pendingEmail) return { ok: false as const, reason: 'no-change' as const };
      const target = normalizeEmail(owner.pendingEmail);
      const used = await useCode(tx, { userId: owner.id, email: target, purpose: 'change' }, code, this.config.appSecret);
      if (typeof used === 'string') return { ok: false as const, reason: used };
      if (
        (await tx.count(UserSchema, { emailNormalized: target, id: { $ne: owner.id } })) ||
        (await heldForRecovery(tx, target))
      ) {
        owner.pendingEmail = null;
        return { ok: false as const, reason: 'taken' as const };
      }
      const previousEmail = owner.email;
      owner.email = owner.pendingEmail;
      owner.emailNormalized = target;
      owner.pendingEmail = null;
      owner.updatedAt = new Date();
      // Reset links mailed to the old address no longer work; other devices are signed out.
      await this.passwords.endResetLinks(tx, owner.id);
      await this.sessions.revokeOthers(tx, owner.id, sessionHash);
      this.outbox.publish(tx, new EmailChanged({ userId: owner.id, previousEmail }));
      await this.audit.write(tx, { id: owner.id, email: owner.email }, 'user.email_changed', {
        type: 'user',
        id: owner.id,
        label: owner.email,
      });
      return { ok: true as const, user: owner };
    });
    if (!result.ok) {
      if (result.reason === 'taken') throw emailTaken();
      if (result.reason === 'no-change') {
        throw new DomainError(
          'no-email-change',
          'There is no email change waiting for a code. Enter the new address first.',
          409,
        );
      }
      throw new DomainError('invalid-code', 'This code is wrong or has expired. Check it, or ask for a new one.', 400, {
        reason: result.reason,
      });
    }
    await refund();
    // Every api process forgets the user it held (the cached session's email).
    this.sessions.changed(user.id);
    return result.user;
  }
}
