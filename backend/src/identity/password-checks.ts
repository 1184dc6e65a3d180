import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { DomainError, ValidationError } from '../common/errors.js';
import { RateLimitService, type Limit } from '../rate-limit/rate-limit.service.js';
import { DEMO_PASSWORD } from './demo-accounts.js';
import { passwordHashing, verifyPassword } from './secrets.js';

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
  }

  /** argon2 against a hash; an attempt the server was too busy to check is given back to `budgets`. */
  async matches(hash: string, password: string, budgets: Limit[]) {
    try {
      return await verifyPassword(hash, password);
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
