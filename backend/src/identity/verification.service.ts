import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { OutboxService } from '../events/outbox.service.js';
import { EmailVerificationRequested, EmailVerified } from '../events/event-catalogue.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { assertOwnEmail } from './auth.decorators.js';
import { UserSchema, VerificationCodeSchema, type User, type VerificationCode } from './identity.entities.js';
import { SessionsService } from './sessions.service.js';
import { CODE_LIFETIME_MS, MAX_CODE_ATTEMPTS, spendCodeMail, spendCodeTry, type ClientMeta } from './limits.js';
import { hmac, safeEqual } from './secrets.js';

/**
 * Spec §5: `code` against the latest unused code for `where` (locked), at most 10 minutes old: the
 * code row, used up, when right; else why not (the 5th wrong try uses the code up too).
 */
export async function useCode(
  tx: EntityManager,
  where: { email: string; purpose: VerificationCode['purpose']; userId?: string },
  code: string,
  secret: string,
) {
  const latest = await tx.findOne(
    VerificationCodeSchema,
    { ...where, used: false },
    { orderBy: { createdAt: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!latest || Date.now() - latest.createdAt.getTime() > CODE_LIFETIME_MS) return 'expired-or-missing' as const;
  const right = safeEqual(latest.codeHash, hmac(secret, code.trim()));
  if (!right) {
    latest.failedAttempts += 1;
    if (latest.failedAttempts < MAX_CODE_ATTEMPTS) return 'wrong-code' as const;
  }
  latest.used = true;
  latest.usedAt = new Date();
  return right ? latest : ('too-many-attempts' as const);
}

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
    assertOwnEmail(user, email);
    if (user.emailVerifiedAt) return { sent: false, alreadyVerified: true };
    await spendCodeMail(this.limits, `verify-resend:${user.id}`, user.id, meta);
    await this.outbox.publishNow(new EmailVerificationRequested({ userId: user.id }));
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
    const refund = await spendCodeTry(this.limits, user.id, meta);
    const result = await this.orm.em.fork().transactional(async (tx) => {
      const used = await useCode(tx, { email: user.emailNormalized, purpose }, code, this.config.appSecret);
      if (typeof used === 'string') return { valid: false, reason: used };
      const owner = await tx.findOne(UserSchema, { id: used.userId });
      if (owner && !owner.emailVerifiedAt) {
        owner.emailVerifiedAt = new Date();
        this.outbox.publish(tx, new EmailVerified({ userId: owner.id }));
        this.sessions.changed(owner.id);
      }
      return { valid: true };
    });
    // Only wrong guesses spend the budget.
    if (result.valid) await refund();
    return result;
  }
}
