import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { ConflictError, DomainError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { EmailVerificationRequested, EmailVerified, PasswordResetRequested, UserSignedUp } from '../events/event-catalogue.js';
import { PasswordResetTokenSchema, UserSchema, VerificationCodeSchema, type User, type UserType } from './identity.entities.js';
import type { ChangePasswordBody, SignUpBody, UpdateProfileBody } from './identity.schemas.js';
import { burnPasswordCheck, hashPassword, hmac, normalizeEmail, safeEqual, sha256, verifyPassword } from './secrets.js';
import { SessionsService } from './sessions.service.js';
import { assertOwnEmail } from './auth.decorators.js';
import { ThrottleService } from './throttle.service.js';

export const CODE_LIFETIME_MS = 600_000; // spec §5, §9: 10 minutes
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_INTERVAL_S = 30;
export const RESET_LIFETIME_MS = 60 * 60_000;
const SIGNIN_WINDOW_S = 15 * 60;
const SIGNIN_MAX_PER_ACCOUNT = 10;
const SIGNIN_MAX_PER_IP = 50;

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
}

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
    private readonly throttle: ThrottleService,
  ) {}

  /** Creates the account (unverified, onboarding not complete) and signs it in. */
  async signUp(input: z.output<typeof SignUpBody>, meta: ClientMeta) {
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
        return { user, token };
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

  async signIn(email: string, password: string, meta: ClientMeta) {
    const normalized = normalizeEmail(email);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalized)) {
      throw new DomainError('invalid-email', 'Invalid email format. Please enter a valid email.', 422);
    }
    const acctKey = `signin:acct:${sha256(normalized)}`;
    const ipKey = `signin:ip:${meta.ip ?? 'unknown'}`;
    const [acctFails, ipFails] = await this.throttle.counts(acctKey, ipKey);
    if (acctFails >= SIGNIN_MAX_PER_ACCOUNT || ipFails >= SIGNIN_MAX_PER_IP) {
      throw new DomainError(
        'too-many-requests',
        'Too many failed login attempts. Please try again later or reset your password.',
        429,
      );
    }
    const em = this.orm.em.fork();
    const user = await em.findOne(UserSchema, { emailNormalized: normalized });
    if (!user) {
      await burnPasswordCheck(password);
      await Promise.all([this.throttle.hit(acctKey, SIGNIN_WINDOW_S), this.throttle.hit(ipKey, SIGNIN_WINDOW_S)]);
      throw new DomainError('user-not-found', 'No account found with this email. Please check your email or sign up.', 404);
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await Promise.all([this.throttle.hit(acctKey, SIGNIN_WINDOW_S), this.throttle.hit(ipKey, SIGNIN_WINDOW_S)]);
      throw new DomainError('wrong-password', 'Incorrect password. Please try again.', 401);
    }
    if (!user.active) throw new DomainError('account-deactivated', 'This account has been deactivated. Please contact support.', 403);
    await this.throttle.reset(acctKey);
    const token = await em.transactional((tx) => this.sessions.create(tx, user.id, meta));
    return { user, token };
  }

  /** Spec §7 POST /api/verify-email: a fresh code is generated and emailed by the worker. */
  async requestVerification(user: User, email: string) {
    assertOwnEmail(user, email, 'verify');
    if (user.emailVerifiedAt) return { sent: false, alreadyVerified: true };
    if (!(await this.throttle.once(`verify-resend:${user.id}`, RESEND_INTERVAL_S))) {
      throw new DomainError('resend-too-soon', `Please wait ${RESEND_INTERVAL_S} seconds before asking for another code.`, 429);
    }
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
   * old; single use; at most 5 wrong tries per code.
   */
  async confirmCode(email: string, code: string): Promise<{ valid: boolean; reason?: string }> {
    const normalized = normalizeEmail(email);
    return this.orm.em.fork().transactional(async (tx) => {
      const latest = await tx.findOne(
        VerificationCodeSchema,
        { email: normalized, used: false },
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
      const user = await tx.findOne(UserSchema, { id: latest.userId });
      if (user && !user.emailVerifiedAt) {
        user.emailVerifiedAt = new Date();
        this.outbox.publish(tx, new EmailVerified({ userId: user.id }));
      }
      return { valid: true };
    });
  }

  /** Always answers the same way, whether or not the account exists (DESIGN §1). */
  async requestPasswordReset(email: string) {
    const normalized = normalizeEmail(email);
    if (!(await this.throttle.once(`reset:${sha256(normalized)}`, 60))) return;
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

  /** Sets a new password from a reset link: single use, expiring, and every session ends. */
  async resetPassword(token: string, password: string) {
    const passwordHash = await hashPassword(password);
    await this.orm.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(PasswordResetTokenSchema, { tokenHash: sha256(token) }, { lockMode: 4 });
      if (!row || row.usedAt || row.expiresAt < new Date()) {
        throw new DomainError('invalid-reset-link', 'This reset link is invalid or has expired. Please ask for a new one.', 400);
      }
      const user = await tx.findOneOrFail(UserSchema, { id: row.userId });
      row.usedAt = new Date();
      user.passwordHash = passwordHash;
      // The link proves the mailbox: it also verifies the email.
      user.emailVerifiedAt ??= new Date();
      await this.sessions.revokeAll(tx, user.id);
      await tx.nativeUpdate(PasswordResetTokenSchema, { userId: user.id, usedAt: null }, { usedAt: new Date() });
    });
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
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw new DomainError('wrong-password', 'Incorrect password. Please try again.', 401);
    }
    user.passwordHash = await hashPassword(body.newPassword);
    await em.transactional(async (tx) => {
      await tx.flush();
      // Other devices are signed out; this one stays.
      await tx.execute('delete from sessions where user_id = ? and id_hash <> ?', [userId, sessionHash]);
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

  findUser(id: string) {
    return this.orm.em.fork().findOne(UserSchema, { id });
  }
}
