import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { SignUpBody } from '@mashrou/contracts';
import type { z } from 'zod';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { DomainError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { EmailVerified, UserSignedUp } from '../events/event-catalogue.js';
import { RateLimitService, clientKey } from '../rate-limit/rate-limit.service.js';
import { UserSchema, type User } from './identity.entities.js';
import { createUser, emailTaken } from './insert-user.js';
import { LIMITS, type ClientMeta } from './limits.js';
import { PasswordChecks, tooManyAttempts } from './password-checks.js';
import { hashPassword, hmac, normalizeEmail, randomToken, safeEqual } from './secrets.js';
import { heldForRecovery } from './passwords.service.js';
import { SessionsService } from './sessions.service.js';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Sign-up and sign-in: an account, a session, and the device cookie that keeps the owner's browser trusted. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitService,
    private readonly passwords: PasswordChecks,
  ) {}

  /** Creates the account (unverified, onboarding not complete) and signs it in. */
  async signUp(input: z.output<typeof SignUpBody>, meta: ClientMeta) {
    await this.limits.enforce(
      'too-many-signups',
      'Too many sign-ups from your network. Please try again later.',
      LIMITS.signUpIp(clientKey(meta.ip), this.config.SIGNUPS_PER_IP_PER_HOUR),
      LIMITS.signUpAddress(this.limits.address(input.email)),
    );
    this.passwords.assertAllowed(input.password);
    const passwordHash = await hashPassword(input.password);
    return this.createAccount(input, passwordHash, meta, false, (tx, user) => ({
      user,
      token: this.sessions.create(tx, user.id, meta),
      // The browser that made the account is the owner's: it gets its own sign-in budget at once.
      deviceToken: this.deviceToken(user.id),
    }));
  }

  /**
   * A sign-up's account (onboarding not complete), its UserSignedUp event and `then`'s work, in one
   * transaction; `verified`: a provider vouched for the address. 409 email-already-registered for an
   * address another account has, or a recovery link holds, or when `then` throws a unique violation
   * (the provider sign-up's account already linked).
   */
  async createAccount<T>(
    form: Pick<z.output<typeof SignUpBody>, 'email' | 'fullName' | 'userType' | 'companyName' | 'locale'>,
    passwordHash: string,
    meta: ClientMeta,
    verified: boolean,
    then: (tx: EntityManager, user: User) => T | Promise<T>,
  ): Promise<T> {
    try {
      return await this.orm.em.fork().transactional(async (tx) => {
        if (await heldForRecovery(tx, normalizeEmail(form.email)))
          throw new UniqueConstraintViolationException(new Error('held'));
        const now = new Date();
        const user = await createUser(
          tx,
          {
            email: form.email,
            passwordHash,
            fullName: form.fullName,
            companyName: form.userType === 'startup' ? (form.companyName ?? null) : null,
            userType: form.userType,
            emailVerifiedAt: verified ? now : null,
            locale: form.locale ?? meta.locale ?? 'en',
          },
          now,
        );
        this.outbox.publish(tx, new UserSignedUp({ userId: user.id }));
        if (verified) this.outbox.publish(tx, new EmailVerified({ userId: user.id }));
        return then(tx, user);
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        throw emailTaken();
      }
      throw err;
    }
  }

  /**
   * Spec §8's distinct answers (unknown account, wrong password) stay; the budgets in LIMITS carry
   * the weight. The attempt is counted before the password is checked, and given back on success.
   */
  async signIn(email: string, password: string, meta: ClientMeta) {
    const normalized = normalizeEmail(email);
    if (!EMAIL_SHAPE.test(normalized)) {
      throw new DomainError('invalid-email', 'Invalid email format. Please enter a valid email.', 422);
    }
    const em = this.orm.em.fork();
    const user = await em.findOne(UserSchema, { emailNormalized: normalized });
    const device = user ? this.trustedDevice(user.id, meta.deviceToken) : undefined;
    const budgets =
      user && device
        ? [LIMITS.signInDevice(user.id, device)]
        : [LIMITS.signInAccount(this.limits.address(normalized)), LIMITS.signInIp(clientKey(meta.ip))];
    const verdict = await this.limits.consume(...budgets);
    if (!verdict.ok) throw tooManyAttempts(verdict.retryAfterS);
    // Spec §8 answers an unknown account as such, so there is no timing to hide: no argon2 for it.
    if (!user)
      throw new DomainError('user-not-found', 'No account found with this email. Please check your email or sign up.', 404);
    const matched = await this.passwords.matches(user, password, budgets);
    if (!matched) {
      throw new DomainError('wrong-password', 'Incorrect password. Please try again.', 401);
    }
    await this.limits.refund(...budgets.map((b) => b.key));
    if (!user.active)
      throw new DomainError('account-deactivated', 'This account has been deactivated. Please contact support.', 403);
    if (matched === 'legacy') await this.upgradeLegacyPassword(user, password);
    return { user, ...(await this.startSession(user.id, meta, device)) };
  }

  /**
   * A new session for an account that proved who it is (a password, a provider, a code), and the
   * browser's device cookie: the one it has when it is this account's (`device`), else a new one.
   */
  async startSession(userId: string, meta: ClientMeta, device = this.trustedDevice(userId, meta.deviceToken)) {
    const token = await this.orm.em.fork().transactional((tx) => Promise.resolve(this.sessions.create(tx, userId, meta)));
    return { token, deviceToken: device && meta.deviceToken ? meta.deviceToken : this.deviceToken(userId) };
  }

  /**
   * An imported account's old password was right: it is hashed with argon2id now and the old hash
   * dropped (only if no one changed it meanwhile). Failing here (the server too busy to hash) only
   * means the old hash is checked again next time; the sign-in goes on.
   */
  private async upgradeLegacyPassword(user: User, password: string) {
    try {
      const passwordHash = await hashPassword(password);
      await this.orm.em
        .fork()
        .nativeUpdate(
          UserSchema,
          { id: user.id, legacyPassword: user.legacyPassword },
          { passwordHash, legacyPassword: null, updatedAt: new Date() },
        );
    } catch (err) {
      this.logger.warn(`an imported account's password was not rehashed yet: ${err instanceof Error ? err.name : 'error'}`);
    }
  }

  /**
   * A device cookie names a browser where this account signed in: `<nonce>.<HMAC(user, nonce)>`.
   * Only we can make one; it is worthless for any other account.
   */
  private deviceToken(userId: string) {
    const nonce = randomToken().slice(0, 22);
    return `${nonce}.${hmac(this.config.appSecret, `device:${userId}:${nonce}`)}`;
  }

  /** The device's nonce if `token` is this account's device cookie. */
  private trustedDevice(userId: string, token: string | undefined) {
    if (!token || token.length > 200) return undefined;
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return undefined;
    return safeEqual(mac, hmac(this.config.appSecret, `device:${userId}:${nonce}`)) ? nonce : undefined;
  }
}
