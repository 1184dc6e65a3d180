import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { ConflictError, DomainError, ValidationError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { EmailVerificationRequested, EmailVerified, PasswordResetRequested, UserSignedUp } from '../events/event-catalogue.js';
import { PasswordResetTokenSchema, UserSchema, VerificationCodeSchema, type User, type UserType } from './identity.entities.js';
import type { ChangePasswordBody, SignUpBody, UpdateProfileBody } from './identity.schemas.js';
import {
  hashPassword, hmac, normalizeEmail, passwordHashing, randomToken, safeEqual, sha256, verifyPassword,
} from './secrets.js';
import { SessionsService } from './sessions.service.js';
import { assertOwnEmail } from './auth.decorators.js';
import { RateLimitService, clientKey, type Limit } from '../rate-limit/rate-limit.service.js';
import { DEMO_PASSWORD } from './demo-accounts.js';

export const CODE_LIFETIME_MS = 600_000; // spec §5, §9: 10 minutes
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_INTERVAL_S = 30;
export const RESET_LIFETIME_MS = 60 * 60_000;

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

/**
 * Every budget of the identity flows (README "Security"). They are counted in Redis before the
 * work they protect (argon2, a code check, a mail), atomically, so parallel requests cannot slip
 * past them. `addr` is an address's canonical mailbox, keyed (RateLimitService.address); `ip` a
 * client address as one budget holder (clientKey: IPv6 by its /64).
 */
export const LIMITS = {
  /**
   * Sign-in from a browser the account has not signed in from: 10 attempts per window per account,
   * the window doubling each time it is found spent (15 min, 30 min, 1 h … up to a day), and 50 per
   * client address per 15 min. An attacker gets ~70 guesses on an account in the first day and 10 a
   * day after; a successful sign-in gives its attempt back; a password reset clears the account.
   */
  signInAccount: (addr: string): Limit => ({ key: `signin:acct:${addr}`, max: 10, windowS: 15 * 60, grow: { maxWindowS: DAY_S } }),
  signInIp: (ip: string): Limit => ({ key: `signin:ip:${ip}`, max: 50, windowS: 15 * 60 }),
  /**
   * A browser where the account signed in (or signed up) before, known by a signed device cookie,
   * has a budget of its own, so a stranger exhausting the account's budget never locks the owner out
   * of their own devices. A password reset clears these too.
   */
  signInDevice: (userId: string, nonce: string): Limit => ({ key: `signin:dev:${userId}:${nonce}`, max: 10, windowS: 15 * 60, grow: { maxWindowS: DAY_S } }),
  /** Checking the current password to change it: a stolen session cannot guess it at will. */
  passwordCheck: (userId: string): Limit => ({ key: `password-check:${userId}`, max: 10, windowS: 15 * 60, grow: { maxWindowS: DAY_S } }),
  signUpIp: (ip: string, perHour: number): Limit => ({ key: `signup:ip:${ip}`, max: perHour, windowS: HOUR_S }),
  signUpAddress: (addr: string): Limit => ({ key: `signup:addr:${addr}`, max: 5, windowS: HOUR_S }),
  /** Codes mailed: 5 per account and 30 per client address per hour (and one per 30 s). */
  codesAccount: (userId: string): Limit => ({ key: `codes:acct:${userId}`, max: 5, windowS: HOUR_S }),
  codesIp: (ip: string): Limit => ({ key: `codes:ip:${ip}`, max: 30, windowS: HOUR_S }),
  /**
   * Code guesses, across all the account's codes: 5 per hour and 10 per day per account, 30 per
   * hour per client address; besides, a code dies after 5 wrong tries and 10 minutes. A guess hits
   * a 6-digit CSPRNG code with probability 1/10^6, so an account can be tried at most 3,650 times a
   * year: P(ever verifying an address one does not own) <= 3,650 / 10^6 ≈ 0.37 % a year, and every
   * try needs a fresh code mailed to the real owner, who sees it.
   */
  codeTriesHour: (userId: string): Limit => ({ key: `code-tries:h:${userId}`, max: 5, windowS: HOUR_S }),
  codeTriesDay: (userId: string): Limit => ({ key: `code-tries:d:${userId}`, max: 10, windowS: DAY_S }),
  codeTriesIp: (ip: string): Limit => ({ key: `code-tries:ip:${ip}`, max: 30, windowS: HOUR_S }),
  /** Reset requests: 20 per client address per hour (429); 3 mails per mailbox per hour (silently). */
  resetIp: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 20, windowS: HOUR_S }),
  resetAddress: (addr: string): Limit => ({ key: `reset:addr:${addr}`, max: 3, windowS: HOUR_S }),
};

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
  /** The signed device cookie, if this browser has one. */
  deviceToken?: string;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const tooManyAttempts = (retryAfterSeconds: number) =>
  new DomainError(
    'too-many-attempts',
    'Too many failed login attempts. Please try again later or reset your password.',
    429,
    { retryAfterSeconds },
  );

/** The user as the API shows it (spec §3 field names); never the password hash. */
export function publicUser(u: User) {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    companyName: u.companyName ?? undefined,
    userType: u.userType,
    emailVerified: Boolean(u.emailVerifiedAt),
    emailNotifications: u.emailNotifications,
    onboardingComplete: u.onboardingComplete,
    school: u.school ?? undefined,
    graduationYear: u.graduationYear ?? undefined,
    whatsapp: u.whatsapp ?? undefined,
    linkedin: u.linkedin ?? undefined,
    assessmentComplete: u.assessmentComplete,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

@Injectable()
export class IdentityService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitService,
  ) {
    passwordHashing.concurrency = config.PASSWORD_HASH_CONCURRENCY;
  }

  /** Creates the account (unverified, onboarding not complete) and signs it in. */
  async signUp(input: z.output<typeof SignUpBody>, meta: ClientMeta) {
    await this.limits.enforce(
      'too-many-signups',
      'Too many sign-ups from your network. Please try again later.',
      LIMITS.signUpIp(clientKey(meta.ip), this.config.SIGNUPS_PER_IP_PER_HOUR),
      LIMITS.signUpAddress(this.limits.address(input.email)),
    );
    this.assertAllowedPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const em = this.orm.em.fork();
    try {
      return await em.transactional(async (tx) => {
        const user = tx.create(UserSchema, {
          id: randomUUID(),
          email: input.email,
          emailNormalized: normalizeEmail(input.email),
          passwordHash,
          fullName: input.fullName,
          companyName: input.userType === 'startup' ? (input.companyName ?? null) : null,
          userType: input.userType as UserType,
          emailVerifiedAt: null,
          school: null,
          graduationYear: null,
          whatsapp: null,
          linkedin: null,
          createdAt: new Date(),
          updatedAt: new Date(),
        });
        tx.persist(user);
        await tx.flush();
        this.outbox.publish(tx, new UserSignedUp({ userId: user.id }));
        const token = await this.sessions.create(tx, user.id, meta);
        // The browser that made the account is the owner's: it gets its own sign-in budget at once.
        return { user, token, deviceToken: this.deviceToken(user.id) };
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        throw new ConflictError(
          'email-already-registered',
          'This email is already registered. Please sign in with your existing account or use a different email.',
        );
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
    const budgets = user && device
      ? [LIMITS.signInDevice(user.id, device)]
      : [LIMITS.signInAccount(this.limits.address(normalized)), LIMITS.signInIp(clientKey(meta.ip))];
    const verdict = await this.limits.consume(...budgets);
    if (!verdict.ok) throw tooManyAttempts(verdict.retryAfterS);
    // Spec §8 answers an unknown account as such, so there is no timing to hide: no argon2 for it.
    if (!user) throw new DomainError('user-not-found', 'No account found with this email. Please check your email or sign up.', 404);
    if (!(await this.checkPassword(user.passwordHash, password, budgets))) {
      throw new DomainError('wrong-password', 'Incorrect password. Please try again.', 401);
    }
    await this.limits.refund(...budgets.map((b) => b.key));
    if (!user.active) throw new DomainError('account-deactivated', 'This account has been deactivated. Please contact support.', 403);
    const token = await em.transactional((tx) => this.sessions.create(tx, user.id, meta));
    return { user, token, deviceToken: device ? meta.deviceToken! : this.deviceToken(user.id) };
  }

  /** argon2 against a hash; an attempt the server was too busy to check is given back. */
  private async checkPassword(hash: string, password: string, budgets: Limit[]) {
    try {
      return await verifyPassword(hash, password);
    } catch (err) {
      await this.limits.refund(...budgets.map((b) => b.key));
      throw err;
    }
  }

  /** The seed's public demo password is never a real password in production. */
  private assertAllowedPassword(password: string) {
    if (this.config.isProduction && password === DEMO_PASSWORD) {
      throw new ValidationError({ password: ['password-not-allowed'] }, 'This password is public; choose another.');
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

  /** Spec §7 POST /api/verify-email: a fresh code is generated and emailed by the worker. */
  async requestVerification(user: User, email: string, meta: ClientMeta) {
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
    await this.orm.em.fork().transactional(async (tx) => {
      this.outbox.publish(tx, new EmailVerificationRequested({ userId: user.id }));
    });
    return { sent: true, alreadyVerified: false };
  }

  /** Stores a new code for a user and returns it (called by the email job, at send time). */
  async issueVerificationCode(em: EntityManager, user: User, code: string) {
    em.persist(
      em.create(VerificationCodeSchema, {
        id: randomUUID(),
        userId: user.id,
        email: user.emailNormalized,
        codeHash: hmac(this.config.appSecret, code),
        createdAt: new Date(),
      }),
    );
    await em.flush();
  }

  /**
   * Spec §5: valid only if the latest unused code for the email matches and is at most 10 minutes
   * old; single use; at most 5 wrong tries per code, and the account's guess budgets (LIMITS).
   */
  async confirmCode(user: User, code: string, meta: ClientMeta): Promise<{ valid: boolean; reason?: string }> {
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
        { email: user.emailNormalized, used: false },
        { orderBy: { createdAt: 'desc' }, lockMode: 4 /* PESSIMISTIC_WRITE */ },
      );
      if (!latest || Date.now() - latest.createdAt.getTime() > CODE_LIFETIME_MS) return { valid: false, reason: 'expired-or-missing' };
      if (!safeEqual(latest.codeHash, hmac(this.config.appSecret, code.trim()))) {
        latest.failedAttempts += 1;
        if (latest.failedAttempts >= MAX_CODE_ATTEMPTS) {
          latest.used = true;
          latest.usedAt = new Date();
          return { valid: false, reason: 'too-many-attempts' };
        }
        return { valid: false, reason: 'wrong-code' };
      }
      latest.used = true;
      latest.usedAt = new Date();
      const owner = await tx.findOne(UserSchema, { id: latest.userId });
      if (owner && !owner.emailVerifiedAt) {
        owner.emailVerifiedAt = new Date();
        this.outbox.publish(tx, new EmailVerified({ userId: owner.id }));
      }
      return { valid: true };
    });
    // Only wrong guesses spend the budget.
    if (result.valid) await this.limits.refund(...budgets.map((b) => b.key));
    return result;
  }

  /** Always answers the same way, whether or not the account exists (DESIGN §1). */
  async requestPasswordReset(email: string, meta: ClientMeta) {
    await this.limits.enforce('too-many-requests', 'Too many requests. Please try again later.', LIMITS.resetIp(clientKey(meta.ip)));
    const normalized = normalizeEmail(email);
    const addr = this.limits.address(normalized);
    if (!(await this.limits.once(`reset-gap:${addr}`, 60))) return;
    if (!(await this.limits.consume(LIMITS.resetAddress(addr))).ok) return;
    const em = this.orm.em.fork();
    const user = await em.findOne(UserSchema, { emailNormalized: normalized });
    if (!user || !user.active) return;
    await em.transactional(async (tx) => {
      this.outbox.publish(tx, new PasswordResetRequested({ userId: user.id }));
    });
  }

  async issueResetToken(em: EntityManager, userId: string, token: string) {
    em.persist(
      em.create(PasswordResetTokenSchema, {
        id: randomUUID(),
        userId,
        tokenHash: sha256(token),
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + RESET_LIFETIME_MS),
        usedAt: null,
      }),
    );
    await em.flush();
  }

  /**
   * Sets a new password from a reset link: single use, expiring; every session and every other
   * pending link ends, and the account's sign-in lockout is cleared (the owner proved the mailbox).
   * The link is checked before any argon2 work, so junk tokens cost nothing.
   */
  async resetPassword(token: string, password: string) {
    const invalid = () => new DomainError('invalid-reset-link', 'This reset link is invalid or has expired. Please ask for a new one.', 400);
    const tokenHash = sha256(token);
    const live = await this.orm.em.fork().findOne(PasswordResetTokenSchema, { tokenHash, usedAt: null, expiresAt: { $gt: new Date() } });
    if (!live) throw invalid();
    this.assertAllowedPassword(password);
    const passwordHash = await hashPassword(password);
    const user = await this.orm.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(PasswordResetTokenSchema, { tokenHash }, { lockMode: 4 });
      if (!row || row.usedAt || row.expiresAt < new Date()) throw invalid();
      const owner = await tx.findOneOrFail(UserSchema, { id: row.userId });
      row.usedAt = new Date();
      owner.passwordHash = passwordHash;
      owner.updatedAt = new Date();
      // The link proves the mailbox: it also verifies the email.
      if (!owner.emailVerifiedAt) {
        owner.emailVerifiedAt = new Date();
        this.outbox.publish(tx, new EmailVerified({ userId: owner.id }));
      }
      await this.sessions.revokeAll(tx, owner.id);
      await tx.nativeUpdate(PasswordResetTokenSchema, { userId: owner.id, usedAt: null }, { usedAt: new Date() });
      return owner;
    });
    // The owner proved the mailbox: the account's lockout and its devices' budgets are lifted.
    await this.limits.reset(LIMITS.signInAccount(this.limits.address(user.emailNormalized)).key);
    await this.limits.forget([`signin:dev:${user.id}:`, `password-check:${user.id}`]);
  }

  async updateProfile(userId: string, patch: z.output<typeof UpdateProfileBody>) {
    const em = this.orm.em.fork();
    const user = await em.findOneOrFail(UserSchema, { id: userId });
    if (patch.fullName !== undefined) user.fullName = patch.fullName;
    if (patch.companyName !== undefined) {
      if (user.userType !== 'startup') throw new DomainError('not-a-company', 'Only company accounts have a company name.', 422);
      user.companyName = patch.companyName;
    }
    if (patch.emailNotifications !== undefined) user.emailNotifications = patch.emailNotifications;
    await em.flush();
    return user;
  }

  async changePassword(userId: string, sessionHash: string, body: z.output<typeof ChangePasswordBody>) {
    const em = this.orm.em.fork();
    const user = await em.findOneOrFail(UserSchema, { id: userId });
    const budget = LIMITS.passwordCheck(userId);
    const verdict = await this.limits.consume(budget);
    if (!verdict.ok) throw tooManyAttempts(verdict.retryAfterS);
    if (!(await this.checkPassword(user.passwordHash, body.currentPassword, [budget]))) {
      throw new DomainError('wrong-password', 'Incorrect password. Please try again.', 401);
    }
    await this.limits.refund(budget.key);
    this.assertAllowedPassword(body.newPassword);
    user.passwordHash = await hashPassword(body.newPassword);
    await em.transactional(async (tx) => {
      await tx.flush();
      // Other devices are signed out (this one stays), and reset links mailed before no longer work.
      await tx.execute('delete from sessions where user_id = ? and id_hash <> ?', [userId, sessionHash]);
      await tx.nativeUpdate(PasswordResetTokenSchema, { userId, usedAt: null }, { usedAt: new Date() });
    });
  }

  /** Onboarding's writes to the user record (the onboarding module owns the flow, identity the table). */
  async saveStudentProfile(
    em: EntityManager,
    userId: string,
    fields: { school: string; graduationYear: number; whatsapp: string | null; linkedin: string | null },
  ) {
    const user = await em.findOneOrFail(UserSchema, { id: userId });
    Object.assign(user, fields);
    return this.markOnboarded(user);
  }

  async completeCompanyOnboarding(em: EntityManager, userId: string) {
    return this.markOnboarded(await em.findOneOrFail(UserSchema, { id: userId }));
  }

  /** Returns whether onboarding became complete just now (so the event is published once). */
  private markOnboarded(user: User) {
    const first = !user.onboardingComplete;
    user.onboardingComplete = true;
    return { user, first };
  }

  async markAssessmentComplete(em: EntityManager, userId: string) {
    await em.nativeUpdate(UserSchema, { id: userId }, { assessmentComplete: true, updatedAt: new Date() });
  }

  /** Erasure, last step: the account; its sessions, codes and reset links go with it (cascade). */
  async erase(em: EntityManager, userId: string) {
    await em.execute(`delete from users where id = ?`, [userId]);
  }

  /** The parts of the rate-limit keys that name a person: their id and their keyed mailbox (never the address). */
  limitFragments(user: { id: string; emailNormalized: string }) {
    return [user.id, this.limits.address(user.emailNormalized)];
  }

  /** Erasure, after commit: the sign-in, code and reset budgets kept under the person's id or mailbox. */
  async forgetLimits(fragments: string[]) {
    await this.limits.forget(fragments);
  }

  /** Admins who want signup notifications. */
  adminsToNotify() {
    return this.orm.em.fork().find(UserSchema, { userType: 'admin', active: true, emailNotifications: true });
  }

  /** Figures for the admin dashboard. */
  async stats() {
    const [row] = await this.orm.em.fork().execute<Record<string, string>[]>(`
      select count(*) filter (where user_type = 'student') as students,
             count(*) filter (where user_type = 'startup') as startups,
             count(*) filter (where user_type = 'admin') as admins,
             count(*) filter (where email_verified_at is not null) as verified,
             count(*) filter (where onboarding_complete) as onboarded,
             count(*) filter (where assessment_complete) as assessed,
             count(*) filter (where created_at > now() - interval '7 days') as last7days,
             count(*) as total
        from users`);
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<
      'students' | 'startups' | 'admins' | 'verified' | 'onboarded' | 'assessed' | 'last7days' | 'total',
      number
    >;
  }

  /**
   * Removes what can never be used again: ended sessions, codes past their 10 minutes or used, and
   * reset links expired or used (a day later, so support can still see a just-failed attempt).
   */
  async purgeExpired() {
    return this.orm.em.fork().transactional(async (tx) => {
      const count = async (sql: string) => Number((await tx.execute<{ n: string }[]>(`with gone as (${sql} returning 1) select count(*) as n from gone`))[0].n);
      return {
        sessions: await this.sessions.purgeEnded(tx),
        codes: await count(`delete from verification_codes where created_at < now() - interval '1 day'`),
        resetTokens: await count(`delete from password_reset_tokens where expires_at < now() - interval '1 day' or used_at < now() - interval '1 day'`),
      };
    });
  }

  findUser(id: string) {
    return this.orm.em.fork().findOne(UserSchema, { id });
  }
}
