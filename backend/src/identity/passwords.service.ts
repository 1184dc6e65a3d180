import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import type { ChangePasswordBody } from '@mashrou/contracts';
import type { z } from 'zod';
import { AuditService } from '../audit/index.js';
import { ConflictError, DomainError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { EmailVerified, PasswordResetRequested } from '../events/event-catalogue.js';
import { RateLimitService, clientKey } from '../rate-limit/rate-limit.service.js';
import { AccountsService } from './accounts.service.js';
import { PasswordResetTokenSchema, UserSchema, type User } from './identity.entities.js';
import { LIMITS, RECOVERY_LIFETIME_MS, RESET_LIFETIME_MS, type ClientMeta } from './limits.js';
import { PasswordChecks } from './password-checks.js';
import { hashPassword, normalizeEmail, sha256 } from './secrets.js';
import { SessionsService } from './sessions.service.js';

/**
 * Whether a live recovery link would give an account back to this (normalized) address: until it is
 * used or expires, nobody else may take the address (sign-up, email change), or a thief who moved an
 * account away could register the old address and make the link restore nothing.
 */
export async function heldForRecovery(em: EntityManager, normalized: string) {
  return (
    (await em.count(PasswordResetTokenSchema, { restoreEmail: normalized, usedAt: null, expiresAt: { $gt: new Date() } })) > 0
  );
}

/** Forgotten passwords (a reset link by email) and changed ones (knowing the current one). */
@Injectable()
export class PasswordsService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitService,
    private readonly passwords: PasswordChecks,
    private readonly audit: AuditService,
    private readonly accounts: AccountsService,
  ) {}

  /** Always answers the same way, whether or not the account exists (DESIGN §1). */
  async requestReset(email: string, meta: ClientMeta) {
    await this.limits.enforce(
      'too-many-requests',
      'Too many requests. Please try again later.',
      LIMITS.resetIp(clientKey(meta.ip)),
    );
    const normalized = normalizeEmail(email);
    const addr = this.limits.address(normalized);
    if (!(await this.limits.once(`reset-gap:${addr}`, 60))) return;
    if (!(await this.limits.consume(LIMITS.resetAddress(addr))).ok) return;
    const user = await this.orm.em.fork().findOne(UserSchema, { emailNormalized: normalized });
    if (!user?.active) return;
    await this.outbox.publishNow(new PasswordResetRequested({ userId: user.id }));
  }

  /**
   * Stores a reset link's hash (called by the email job, at send time). With `restoreEmail`, it is
   * the recovery link of an email change's notice: it also gives the account back to that address.
   */
  async issueResetToken(em: EntityManager, userId: string, token: string, restoreEmail?: string) {
    em.persist(
      em.create(PasswordResetTokenSchema, {
        id: randomUUID(),
        userId,
        tokenHash: sha256(token),
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + (restoreEmail ? RECOVERY_LIFETIME_MS : RESET_LIFETIME_MS)),
        usedAt: null,
        restoreEmail: restoreEmail ? normalizeEmail(restoreEmail) : null,
      }),
    );
    await em.flush();
  }

  /**
   * Reset links mailed so far stop working (a password or email change, a reset). Recovery links
   * to an old address stay: whoever took the account cannot cancel them — unless one is used.
   */
  endResetLinks(em: EntityManager, userId: string, recoveryToo = false) {
    return em.nativeUpdate(
      PasswordResetTokenSchema,
      { userId, usedAt: null, ...(recoveryToo ? {} : { restoreEmail: null }) },
      { usedAt: new Date() },
    );
  }

  /**
   * Sets a new password from a reset link: single use, expiring; every session and every other
   * pending link ends, and the account's sign-in lockout is cleared (the owner proved the mailbox).
   * The link is checked before any argon2 work, so junk tokens cost nothing.
   */
  async reset(token: string, password: string) {
    const invalid = () =>
      new DomainError('invalid-reset-link', 'This reset link is invalid or has expired. Please ask for a new one.', 400);
    const tokenHash = sha256(token);
    const live = await this.orm.em
      .fork()
      .findOne(PasswordResetTokenSchema, { tokenHash, usedAt: null, expiresAt: { $gt: new Date() } });
    if (!live) throw invalid();
    this.passwords.assertAllowed(password);
    const passwordHash = await hashPassword(password);
    const user = await this.orm.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(PasswordResetTokenSchema, { tokenHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row || row.usedAt || row.expiresAt < new Date()) throw invalid();
      const owner = await tx.findOneOrFail(UserSchema, { id: row.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      row.usedAt = new Date();
      if (row.restoreEmail) await this.restoreEmail(tx, owner, row.restoreEmail);
      owner.passwordHash = passwordHash;
      owner.legacyPassword = null;
      owner.updatedAt = new Date();
      // The link proves the mailbox: it also verifies the email.
      if (!owner.emailVerifiedAt) {
        owner.emailVerifiedAt = new Date();
        this.outbox.publish(tx, new EmailVerified({ userId: owner.id }));
      }
      await this.sessions.revokeAll(tx, owner.id);
      await this.endResetLinks(tx, owner.id, Boolean(row.restoreEmail));
      return owner;
    });
    // The owner proved the mailbox: the account's lockout and its devices' budgets are lifted.
    await this.limits.reset(LIMITS.signInAccount(this.limits.address(user.emailNormalized)).key);
    await this.limits.forget([`signin:dev:${user.id}:`, `password-check:${user.id}`]);
  }

  /**
   * A recovery link was used: the account signs in with the old address again (unless another
   * account took it meanwhile), and any email change waiting for its code is dropped.
   */
  private async restoreEmail(tx: EntityManager, owner: User, address: string) {
    const normalized = normalizeEmail(address);
    owner.pendingEmail = null;
    if (owner.emailNormalized === normalized) return;
    // Held for this link since it was made (heldForRecovery): taken only by an account made before
    // this rule, which an admin must sort out — said, never skipped silently.
    if (await tx.count(UserSchema, { emailNormalized: normalized, id: { $ne: owner.id } })) {
      throw new ConflictError(
        'email-already-registered',
        'Another account now uses this address, so the account cannot be given back to it. Contact support.',
      );
    }
    const from = owner.email;
    owner.email = address;
    owner.emailNormalized = normalized;
    await this.audit.write(
      tx,
      { id: owner.id, email: address },
      'user.email_restored',
      {
        type: 'user',
        id: owner.id,
        label: address,
      },
      { from },
    );
  }

  /** A new password, knowing the current one (checked within its own budget). Other sessions and mailed links end. */
  async change(userId: string, sessionHash: string, body: z.output<typeof ChangePasswordBody>) {
    const em = this.orm.em.fork();
    const user = await this.accounts.confirmPassword(userId, body.currentPassword, em);
    this.passwords.assertAllowed(body.newPassword);
    user.passwordHash = await hashPassword(body.newPassword);
    user.legacyPassword = null;
    await em.transactional(async (tx) => {
      await tx.flush();
      // Other devices are signed out (this one stays), and reset links mailed before no longer work.
      await this.sessions.revokeOthers(tx, userId, sessionHash);
      await this.endResetLinks(tx, userId);
    });
  }
}
