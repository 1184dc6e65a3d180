import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { DomainError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { EmailVerificationRequested, EmailVerified } from '../events/event-catalogue.js';
import { RateLimitService, clientKey } from '../rate-limit/rate-limit.service.js';
import { assertOwnEmail } from './auth.decorators.js';
import { UserSchema, VerificationCodeSchema, type User } from './identity.entities.js';
import { SessionsService } from './sessions.service.js';
import { CODE_LIFETIME_MS, LIMITS, MAX_CODE_ATTEMPTS, RESEND_INTERVAL_S, type ClientMeta } from './limits.js';
import { hmac, safeEqual } from './secrets.js';

/** Email verification (spec §5, §7): codes by email, checked within the account's guess budgets. */
@Injectable()
export class VerificationService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
    private readonly sessions: SessionsService,
  ) {}

  /** Spec §7 POST /api/verify-email: a fresh code is generated and emailed by the worker. */
  async request(user: User, email: string, meta: ClientMeta) {
    assertOwnEmail(user, email, 'verify');
    if (user.emailVerifiedAt) return { sent: false, alreadyVerified: true };
    if (!(await this.limits.once(`verify-resend:${user.id}`, RESEND_INTERVAL_S))) {
      throw new DomainError('resend-too-soon', `Please wait ${RESEND_INTERVAL_S} seconds before asking for another code.`, 429);
    }
    await this.limits.enforce(
      'too-many-codes',
      'You have asked for too many codes. Please try again in an hour.',
      LIMITS.codesAccount(user.id),
      LIMITS.codesIp(clientKey(meta.ip)),
    );
    await this.orm.em.fork().transactional((tx) => {
      this.outbox.publish(tx, new EmailVerificationRequested({ userId: user.id }));
      return Promise.resolve();
    });
    return { sent: true, alreadyVerified: false };
  }

  /** Stores a new code for a user (called by the email job, at send time: the code never waits in a queue). */
  async issueCode(em: EntityManager, user: User, code: string, change?: { email: string } | 'link') {
    em.persist(
      em.create(VerificationCodeSchema, {
        id: randomUUID(),
        userId: user.id,
        email: typeof change === 'object' ? change.email : user.emailNormalized,
        purpose: change === 'link' ? 'link' : change ? 'change' : 'verify',
        codeHash: hmac(this.config.appSecret, code),
        createdAt: new Date(),
      }),
    );
    await em.flush();
  }

  /**
   * Spec §5: valid only if the latest unused code for the email matches and is at most 10 minutes
   * old; single use; at most 5 wrong tries per code, and the account's guess budgets (LIMITS).
   * `link`: the code mailed to prove the account before a provider is linked (it proves the address too).
   */
  async confirm(
    user: User,
    code: string,
    meta: ClientMeta,
    purpose: 'verify' | 'link' = 'verify',
  ): Promise<{ valid: boolean; reason?: 'expired-or-missing' | 'too-many-attempts' | 'wrong-code' }> {
    const budgets = [LIMITS.codeTriesHour(user.id), LIMITS.codeTriesDay(user.id), LIMITS.codeTriesIp(clientKey(meta.ip))];
    const verdict = await this.limits.consume(...budgets);
    if (!verdict.ok) {
      throw new DomainError('too-many-code-attempts', 'Too many wrong codes. Please try again later.', 429, {
        retryAfterSeconds: verdict.retryAfterS,
      });
    }
    const result = await this.orm.em.fork().transactional(async (tx) => {
      const latest = await tx.findOne(
        VerificationCodeSchema,
        { email: user.emailNormalized, used: false, purpose },
        { orderBy: { createdAt: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!latest || Date.now() - latest.createdAt.getTime() > CODE_LIFETIME_MS)
        return { valid: false, reason: 'expired-or-missing' as const };
      if (!safeEqual(latest.codeHash, hmac(this.config.appSecret, code.trim()))) {
        latest.failedAttempts += 1;
        if (latest.failedAttempts >= MAX_CODE_ATTEMPTS) {
          latest.used = true;
          latest.usedAt = new Date();
          return { valid: false, reason: 'too-many-attempts' as const };
        }
        return { valid: false, reason: 'wrong-code' as const };
      }
      latest.used = true;
      latest.usedAt = new Date();
      const owner = await tx.findOne(UserSchema, { id: latest.userId });
      if (owner && !owner.emailVerifiedAt) {
        owner.emailVerifiedAt = new Date();
        this.outbox.publish(tx, new EmailVerified({ userId: owner.id }));
        this.sessions.changed(owner.id);
      }
      return { valid: true };
    });
    // Only wrong guesses spend the budget.
    if (result.valid) await this.limits.refund(...budgets.map((b) => b.key));
    return result;
  }
}
