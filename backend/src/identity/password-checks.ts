import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { DomainError, ValidationError } from '../common/errors.js';
import { RateLimitService, type Limit } from '../rate-limit/rate-limit.service.js';
import { DEMO_PASSWORD } from './demo-accounts.js';
import { legacyHashConfig, verifyLegacyPassword, type LegacyHashConfig } from './legacy-password.js';
import { hashPassword, passwordHashing, randomToken, verifyPassword } from './secrets.js';

/** What `password_hash` holds for an imported account until it has a password of ours: no password matches it. */
export const NO_PASSWORD = '!imported-without-password';
/** An account made through Google or LinkedIn, until it sets a password ('Forgot your password?'): none matches. */
export const PROVIDER_ONLY = '!signs-in-with-a-provider';
const isArgon2 = (hash: string) => hash.startsWith('$argon2');
/** Whether a password can sign this account in (ours, or the older system's until the first sign-in). */
export const hasPassword = (user: { passwordHash: string; legacyPassword?: string | null }) =>
  isArgon2(user.passwordHash) || Boolean(user.legacyPassword);

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new DomainError('too-many-attempts', 'Too many failed login attempts. Please try again later or reset your password.', 429, {
    retryAfterSeconds,
  });

/** What every flow that takes a password shares: the argon2 check within its budgets, and the rules for a new one. */
@Injectable()
export class PasswordChecks {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limits: RateLimitService,
  ) {
    passwordHashing.concurrency = config.PASSWORD_HASH_CONCURRENCY;
    this.legacy = legacyHashConfig(config);
  }

  private readonly legacy: LegacyHashConfig | undefined;
  private dummyHash?: Promise<string>;

  /**
   * The account's password check: argon2 against its hash or, for an account imported from the
   * older system that has not signed in since, its old scrypt hash (`'legacy'`: the caller rehashes).
   * An account with neither (imported without a hash) still costs one argon2 run, so its answer
   * takes as long as any wrong password. An attempt the server was too busy to check is given back
   * to `budgets`.
   */
  async matches(
    user: { passwordHash: string; legacyPassword?: string | null },
    password: string,
    budgets: Limit[],
  ): Promise<false | 'argon2' | 'legacy'> {
    try {
      if (isArgon2(user.passwordHash)) return (await verifyPassword(user.passwordHash, password)) && 'argon2';
      const stored = user.legacyPassword;
      const legacy = this.legacy;
      if (stored && legacy) {
        return (await passwordHashing.run(() => verifyLegacyPassword(stored, password, legacy))) && 'legacy';
      }
      this.dummyHash ??= hashPassword(randomToken());
      await verifyPassword(await this.dummyHash, password);
      return false;
    } catch (err) {
      await this.limits.refund(...budgets.map((b) => b.key));
      throw err;
    }
  }

  /** The seed's public demo password is never a real password in production. */
  assertAllowed(password: string) {
    if (this.config.isProduction && password === DEMO_PASSWORD) {
      throw new ValidationError({ password: ['password-not-allowed'] }, 'This password is public; choose another.');
    }
  }
}
