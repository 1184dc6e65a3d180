import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { isLocale, type EmailKind, type Locale, type UserType } from '@mashrou/contracts';
import { batchLoader, isUuid } from '../common/batch-loader.js';
import { ConflictError, DomainError, NotFoundError } from '../common/errors.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { UserSchema, type User } from './identity.entities.js';
import * as q from './identity.queries.js';
import type { IdentityDB, UserFilters, UserRow } from './identity.queries.js';
import { SessionsService } from './sessions.service.js';
import { LIMITS } from './limits.js';
import { PasswordChecks, tooManyAttempts } from './password-checks.js';

/** What a notification needs of its recipient. */
export interface MailRecipient {
  id: string;
  email: string;
  fullName: string;
  emailNotifications: boolean;
  emailOff: readonly EmailKind[];
  locale: Locale;
}

const selfError = () => new ConflictError('cannot-change-self', 'You cannot demote, deactivate or delete your own account.');
const lastAdminError = () => new ConflictError('last-admin', 'This is the last active admin. Make someone else an admin first.');

/**
 * Accounts as other modules see them: lookups for handlers and reports, and the guarded changes
 * admins make (role, active, erasure) — identity writes its own tables; callers pass their
 * transaction so their own records commit with the change.
 */
@Injectable()
export class AccountsService {
  private readonly recipientLoader = batchLoader((ids) => this.recipients(ids));

  constructor(
    private readonly orm: MikroORM,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitService,
    private readonly passwords: PasswordChecks,
  ) {}

  /**
   * The account's current password, checked within its own budget (a stolen session cannot guess it
   * at will): a self-service change that needs it (deleting the account, changing its email or its
   * password) calls this first; the account comes back, read with `em`. 401 wrong-password; 429
   * too-many-attempts.
   */
  async confirmPassword(userId: string, password: string, em: EntityManager = this.orm.em.fork()) {
    const user = await em.findOneOrFail(UserSchema, { id: userId });
    const budget = LIMITS.passwordCheck(userId);
    const verdict = await this.limits.consume(budget);
    if (!verdict.ok) throw tooManyAttempts(verdict.retryAfterS);
    if (!(await this.passwords.matches(user, password, [budget]))) {
      throw new DomainError('wrong-password', 'Incorrect password. Please try again.', 401);
    }
    await this.limits.refund(budget.key);
    return user;
  }

  private db(em: EntityManager = this.orm.em.fork()) {
    return em.getKysely<IdentityDB>({ convertValues: true });
  }

  /** A person by id, read-only (a plain frozen object: only this module writes users). */
  async find(id: string): Promise<Readonly<User> | null> {
    const row = await q.userById(this.orm.em.getKysely(), id);
    return row ? q.userFromRow(row) : null;
  }

  /**
   * The recipients of a notification by id (only the columns a mail needs: the mail handlers run
   * for every notification, and a whole user row was most of their reads' cost).
   */
  async recipients(ids: readonly (string | null | undefined)[]): Promise<Map<string, MailRecipient>> {
    // a malformed id is not found (it must not fail the other lookups batched with it)
    const wanted = [...new Set(ids.filter((id): id is string => !!id && isUuid(id)))];
    if (!wanted.length) return new Map();
    const rows = await q.mailRecipients(this.orm.em.getKysely(), wanted);
    return new Map(rows.map((r) => [r.id, { ...r, locale: isLocale(r.locale) ? r.locale : 'en' }]));
  }

  /** One notification's recipient by id, if the account exists (batched with the other jobs' lookups of this turn). */
  recipient(id: string | null | undefined): Promise<MailRecipient | undefined> {
    return id ? this.recipientLoader.load(id) : Promise.resolve(undefined);
  }

  /** Several people's public profiles at once (a project's applicants), by id. */
  async profiles(ids: string[]) {
    if (!ids.length) return new Map<string, q.ProfileCard>();
    // In a caller's transaction (a workspace's answer to a change) this reads there, unnamed.
    const rows = await q.profileCards(this.orm.em.getKysely(), ids);
    return new Map(rows.map(({ id, ...card }) => [id, card]));
  }

  /** Admins who want signup notifications. */
  adminsToNotify() {
    return this.orm.em.fork().find(UserSchema, { userType: 'admin', active: true, emailNotifications: true });
  }

  /** Every active admin (what the app tells them does not depend on the email setting). */
  activeAdmins() {
    return this.orm.em.fork().find(UserSchema, { userType: 'admin', active: true });
  }

  figures() {
    return q.userFigures(this.db());
  }

  signupsPerDay() {
    return q.signupsPerDay(this.db());
  }

  list(filters: UserFilters, page: number, pageSize: number) {
    return q.listUsers(this.db(), filters, page, pageSize);
  }

  /** A user's row; with `tx`, read in that transaction under a share lock (a concurrent change of it waits). */
  row(id: string, tx?: EntityManager): Promise<UserRow | undefined> {
    const q = this.db(tx).selectFrom('users').selectAll().where('id', '=', id);
    return (tx ? q.forShare() : q).executeTakeFirst();
  }

  searchStudents(text: string | undefined) {
    return q.searchStudents(this.db(), text);
  }

  /**
   * Runs an admin's change to one account in a transaction that first locks the active admins (so
   * two admins cannot demote each other at once and leave none) and the account, and refuses a
   * change to oneself or one that would leave no active admin. `self`: the person is changing their
   * own account (deleting it): allowed, but never the last active admin.
   */
  async guarded<T>(
    actorId: string,
    id: string,
    losesAdmin: (target: UserRow) => boolean,
    work: (tx: EntityManager, target: UserRow) => Promise<T>,
    opts: { self?: boolean } = {},
  ) {
    return this.orm.em.fork().transactional(async (tx) => {
      const { admins, target } = await q.lockAdminsAndUser(this.db(tx), id);
      if (!target) throw new NotFoundError('user-not-found', 'This user does not exist.');
      if (losesAdmin(target)) {
        if (target.id === actorId && !opts.self) throw selfError();
        if (target.user_type === 'admin' && target.active && admins.length <= 1) throw lastAdminError();
      }
      return work(tx, target);
    });
  }

  /** A new role; a new company starts with the person's name as its company name. They are signed out. */
  async setRole(tx: EntityManager, id: string, role: UserType) {
    await this.db(tx)
      .updateTable('users')
      .set((eb) => ({
        user_type: role,
        company_name: role === 'startup' ? eb.fn.coalesce('company_name', 'full_name') : eb.ref('company_name'),
        updated_at: new Date(),
      }))
      .where('id', '=', id)
      .execute();
    await this.sessions.revokeAll(tx, id);
  }

  /** Deactivated accounts cannot sign in and are signed out everywhere. */
  async setActive(tx: EntityManager, id: string, active: boolean) {
    await this.db(tx).updateTable('users').set({ active, updated_at: new Date() }).where('id', '=', id).execute();
    if (!active) await this.sessions.revokeAll(tx, id);
    else this.sessions.changed(id);
  }

  /** The Google or LinkedIn accounts linked to this one (the data export): the provider's id for the person and address. */
  linkedAccounts(userId: string) {
    return this.db()
      .selectFrom('user_identities')
      .select(['provider', 'subject', 'email', 'created_at as linkedAt'])
      .where('user_id', '=', userId)
      .orderBy('provider')
      .execute();
  }

  /** Erasure, last step: the account; its sessions, codes, reset links and linked accounts go with it (cascade). */
  async erase(tx: EntityManager, id: string) {
    await this.db(tx).deleteFrom('users').where('id', '=', id).execute();
    this.sessions.gone(id);
  }

  /** The parts of the rate-limit keys that name a person: their id and their keyed mailbox (never the address). */
  limitFragments(user: { id: string; emailNormalized: string }) {
    return [user.id, this.limits.address(user.emailNormalized)];
  }

  /** Erasure, after commit: the sign-in, code and reset budgets kept under the person's id or mailbox. */
  async forgetLimits(fragments: string[]) {
    await this.limits.forget(fragments);
  }

  /**
   * Removes what can never be used again: ended sessions, codes past their 10 minutes or used, and
   * reset links expired or used (a day later, so support can still see a just-failed attempt).
   */
  async purgeExpired() {
    return this.orm.em.fork().transactional(async (tx) => ({
      sessions: await this.sessions.purgeEnded(tx),
      codes: await q.purgeCodes(this.db(tx)),
      resetTokens: await q.purgeResetTokens(this.db(tx)),
    }));
  }
}
