import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { MikroORM, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import {
  safeReturnPath,
  type api,
  type PendingProviderSignIn,
  type ProviderOutcome,
  type SignInProvider,
  type ValidBodyOf,
} from '@mashrou/contracts';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { ConflictError, DomainError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { ProviderLinkRequested } from '../events/event-catalogue.js';
import { redisOptions } from '../queues/queues.js';
import { RateLimitService, clientKey, type Limit } from '../rate-limit/rate-limit.service.js';
import { AuthService } from './auth.service.js';
import { UserIdentitySchema, UserSchema, type User } from './identity.entities.js';
import type { IdentityDB } from './identity.queries.js';
import { LIMITS, spendCodeMail, type ClientMeta } from './limits.js';
import { hasPassword, PROVIDER_ONLY } from './password-checks.js';
import { normalizeEmail, randomToken, sha256 } from './secrets.js';
import type { AuthorizationChecks, ProviderProfile } from './sign-in-providers.js';
import { SessionsService } from './sessions.service.js';
import { VerificationService } from './verification.service.js';

/**
 * The browser's key to a started sign-in (the checks of its answer): 10 minutes, on the providers'
 * paths, one cookie per sign-in (named after its state, so two tabs do not undo each other).
 */
export const startCookie = (state: string) => `mashrou_provider_start_${sha256(state).slice(0, 16)}`;
/** The browser's key to a provider sign-in waiting for its last step (a role, or proof): 15 minutes. */
export const PENDING_COOKIE = 'mashrou_provider';
const START_TTL_S = 600;
const PENDING_TTL_S = 900;

/** A started sign-in, kept until its answer comes back. */
export interface Started extends AuthorizationChecks {
  provider: SignInProvider;
  intent: 'signin' | 'signup' | 'link';
  /** Settings → Link: the signed-in account the provider is linked to. */
  userId?: string;
  next?: string;
}

interface Pending extends PendingProviderSignIn {
  subject: string;
  /** A link waiting for proof: the existing account with the provider's address. */
  userId?: string;
}

/** Where the callback sends the browser, and what it sets there. */
export type Landing =
  | { kind: 'signed-in'; to: string; token: string; deviceToken: string }
  | { kind: 'pending'; to: string; key: string }
  | { kind: 'go'; to: string };

const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;
/** A sign-in that stops here: back to the screen it started from, which words `code`. */
export const refused = (code: ProviderOutcome, intent: Started['intent'] = 'signin') =>
  ({
    kind: 'go',
    to: query(intent === 'link' ? '/dashboard/settings' : '/signin', { 'provider-error': code }),
  }) as const;

/**
 * Sign-in with Google or LinkedIn (issue 29), after the provider's answer was checked (Passport,
 * sign-in-providers.ts): a linked account signs in; an unknown person starts a sign-up with the
 * provider's verified address; an existing account with that address is linked only once its owner
 * proves it (the password, or a code mailed to it) — never silently; admins only link from Settings.
 */
@Injectable()
export class ProviderSignInService implements OnModuleDestroy {
  private readonly redis: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
    private readonly auth: AuthService,
    private readonly verification: VerificationService,
    private readonly sessions: SessionsService,
  ) {
    // Commands wait for the connection (a sign-in right after the api starts), but never for long.
    this.redis = new Redis(
      redisOptions(config, { maxRetriesPerRequest: 1, connectTimeout: 5000, keyPrefix: `${config.QUEUE_PREFIX}:provider:` }),
    );
  }

  onModuleDestroy() {
    this.redis.disconnect();
  }

  private db(em: EntityManager = this.orm.em.fork()) {
    return em.getKysely<IdentityDB>({ convertValues: true });
  }

  private async keep(kind: 'start' | 'pending', value: object, ttlS: number) {
    const key = randomToken();
    await this.redis.set(`${kind}:${sha256(key)}`, JSON.stringify(value), 'EX', ttlS);
    return key;
  }

  /** Read once: a started sign-in's checks are used by one answer only. */
  async takeStarted(key: string | undefined): Promise<Started | undefined> {
    if (!key || key.length > 100) return undefined;
    const v = await this.redis.getdel(`start:${sha256(key)}`);
    return v ? (JSON.parse(v) as Started) : undefined;
  }

  private async pending(key: string | undefined): Promise<Pending | undefined> {
    if (!key || key.length > 100) return undefined;
    const v = await this.redis.get(`pending:${sha256(key)}`);
    return v ? (JSON.parse(v) as Pending) : undefined;
  }

  async dropPending(key: string | undefined) {
    if (key && key.length <= 100) await this.redis.del(`pending:${sha256(key)}`);
  }

  /** Keeps a new sign-in's checks for its answer; the key goes in the browser's `startCookie`. */
  start(started: Started) {
    return this.keep(
      'start',
      { ...started, next: safeReturnPath(started.next, this.config.WEB_ORIGIN) ?? undefined },
      START_TTL_S,
    );
  }

  /** What the sign-up and sign-in screens show of the waiting provider sign-in. */
  async describePending(key: string | undefined): Promise<PendingProviderSignIn> {
    const p = await this.pending(key);
    if (!p) throw gone();
    return { kind: p.kind, provider: p.provider, email: p.email, fullName: p.fullName };
  }

  /**
   * The provider's checked answer. The client address's sign-in budget counted it before the code
   * was exchanged (the guard); an answer the provider vouched for gives it back. The account's budget
   * is not spent here: a provider's answer is no password guess, and strangers' wrong passwords must
   * not lock the owner out of their provider. `signedInAs`: who this browser is signed in as now.
   */
  async complete(
    started: Started,
    profile: ProviderProfile,
    meta: ClientMeta,
    ipBudget: Limit,
    signedInAs: string | undefined,
  ): Promise<Landing> {
    await this.limits.refund(ipBudget.key);
    if (!profile.emailVerified) return refused('provider-email-unverified', started.intent);
    const normalized = normalizeEmail(profile.email);
    const em = this.orm.em.fork();
    const linked = await em.findOne(UserIdentitySchema, { provider: profile.provider, subject: profile.subject });

    if (started.intent === 'link') {
      // Linked only to the account that asked, still signed in in this browser when the answer comes,
      // and only once it proved its address (an unverified account may not be its owner's).
      const asker = started.userId === signedInAs ? started.userId : undefined;
      const user = asker ? await em.findOne(UserSchema, { id: asker }) : null;
      if (!user?.active || !user.emailVerifiedAt) return refused('provider-sign-in-failed', 'link');
      if (linked && linked.userId !== user.id) return refused('provider-account-taken', 'link');
      if (!linked && !(await this.link(user.id, profile))) return refused('provider-already-linked', 'link');
      return { kind: 'go', to: query('/dashboard/settings', { linked: profile.provider }) };
    }

    if (linked) {
      const user = await em.findOne(UserSchema, { id: linked.userId });
      if (!user) return refused('provider-sign-in-failed');
      if (!user.active) return refused('account-deactivated');
      return { kind: 'signed-in', to: started.next ?? '/dashboard', ...(await this.auth.startSession(user.id, meta)) };
    }

    const existing = await em.findOne(UserSchema, { emailNormalized: normalized });
    const pending: Pending = {
      kind: existing ? 'link' : 'signup',
      provider: profile.provider,
      subject: profile.subject,
      email: profile.email,
      fullName: profile.fullName,
      ...(existing ? { userId: existing.id } : {}),
    };
    if (existing?.userType === 'admin') return refused('provider-admin-refused');
    const key = await this.keep('pending', pending, PENDING_TTL_S);
    return existing
      ? { kind: 'pending', key, to: query('/signin', { link: profile.provider, email: existing.email }) }
      : { kind: 'pending', key, to: query('/signup', { provider: profile.provider }) };
  }

  /** Links the provider's account to ours; false when this account has another account of that provider. */
  private async link(userId: string, who: { provider: SignInProvider; subject: string; email: string }, em?: EntityManager) {
    const r = await this.db(em)
      .insertInto('user_identities')
      .values({ provider: who.provider, subject: who.subject, user_id: userId, email: who.email, created_at: new Date() })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * A password sign-in proved the account a waiting link is for: the provider is linked now (true),
   * unless the account has another account of that provider (false); either way the wait is over.
   * Undefined: nothing was waiting for this account.
   */
  async linkAfterPasswordSignIn(key: string | undefined, user: User) {
    const p = await this.pending(key);
    if (p?.kind !== 'link' || p.userId !== user.id) return undefined;
    await this.dropPending(key);
    return this.link(user.id, p);
  }

  /** Claims a waiting sign-in once (a second submit finds nothing); `release` puts it back after a failure worth retrying. */
  private async claimPending(key: string | undefined) {
    if (!key || key.length > 100) return undefined;
    const v = await this.redis.getdel(`pending:${sha256(key)}`);
    if (!v) return undefined;
    return {
      pending: JSON.parse(v) as Pending,
      release: () => this.redis.set(`pending:${sha256(key)}`, v, 'EX', PENDING_TTL_S),
    };
  }

  /** The last step of a provider sign-up: the account, its email already verified by the provider. */
  async signUp(key: string | undefined, body: ValidBodyOf<typeof api.providers.signUp>, meta: ClientMeta) {
    const claimed = await this.claimPending(key);
    if (claimed?.pending.kind !== 'signup') {
      await claimed?.release();
      throw gone();
    }
    const p = claimed.pending;
    try {
      await this.limits.enforce(
        'too-many-signups',
        'Too many sign-ups from your network. Please try again later.',
        LIMITS.signUpIp(clientKey(meta.ip), this.config.SIGNUPS_PER_IP_PER_HOUR),
      );
      const user = await this.auth.createAccount({ ...body, email: p.email }, PROVIDER_ONLY, meta, true, async (tx, created) => {
        if (!(await this.link(created.id, p, tx))) throw new UniqueConstraintViolationException(new Error('linked'));
        return created;
      });
      // A new account: no device cookie can be its own yet, so the session comes with a new one.
      return { user, ...(await this.auth.startSession(user.id, meta)) };
    } catch (err) {
      // An address already taken is final; anything else (too many sign-ups, the database away) is not
      // the person's doing: they can try again.
      if (!(err instanceof ConflictError)) await claimed.release();
      throw err;
    }
  }

  /** A waiting link and the existing account it is for (410 when nothing waits, 403 when deactivated). */
  private async linkOwner(key: string | undefined) {
    const p = await this.pending(key);
    const user = p?.kind === 'link' && p.userId ? await this.orm.em.fork().findOne(UserSchema, { id: p.userId }) : null;
    if (!p || !user) throw gone();
    if (!user.active)
      throw new DomainError('account-deactivated', 'This account has been deactivated. Please contact support.', 403);
    return { p, user };
  }

  /** Proof by code: mails one to the existing account a waiting link is for. */
  async sendLinkCode(key: string | undefined, meta: ClientMeta) {
    const { p, user } = await this.linkOwner(key);
    await spendCodeMail(this.limits, `link-resend:${user.id}`, user.id, meta);
    await this.outbox.publishNow(new ProviderLinkRequested({ userId: user.id, provider: p.provider }));
    return { sent: true as const };
  }

  /** Proof by code: a right code links the provider and signs the account in. */
  async confirmLinkCode(key: string | undefined, code: string, meta: ClientMeta) {
    const { p, user } = await this.linkOwner(key);
    const result = await this.verification.confirm(user, code, meta, 'link');
    if (!result.valid)
      throw new DomainError('invalid-code', 'Invalid or expired verification code.', 422, { reason: result.reason });
    // An account nobody had verified was made by whoever typed the address, not necessarily its owner
    // (who proved the mailbox just now): whatever its maker could sign in with goes first.
    if (!user.emailVerifiedAt) await this.reclaim(user.id);
    if (!(await this.link(user.id, p))) {
      throw new ConflictError('provider-account-taken', `This account already has another ${p.provider} account linked.`);
    }
    await this.dropPending(key);
    return { user, ...(await this.auth.startSession(user.id, meta)) };
  }

  /**
   * The mailbox's owner takes an account that was never verified: its password, its linked accounts
   * and its sessions (all its maker's) go.
   */
  private async reclaim(userId: string) {
    await this.orm.em.fork().transactional(async (tx) => {
      const db = this.db(tx);
      await db
        .updateTable('users')
        .set({ password_hash: PROVIDER_ONLY, legacy_password: null, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      await db.deleteFrom('user_identities').where('user_id', '=', userId).execute();
      await this.sessions.revokeAll(tx, userId);
    });
  }

  /** How the account can sign in (Settings). */
  async methods(user: User, available: SignInProvider[]) {
    const linked = await this.db()
      .selectFrom('user_identities')
      .select(['provider', 'email', 'created_at'])
      .where('user_id', '=', user.id)
      .orderBy('provider')
      .execute();
    return {
      password: hasPassword(user),
      linked: linked.map((l) => ({ provider: l.provider, email: l.email, linkedAt: l.created_at.toISOString() })),
      available,
    };
  }

  /** Unlinks a provider while another way in remains (a password, or another provider). */
  async unlink(user: User, provider: SignInProvider) {
    await this.orm.em.fork().transactional(async (tx) => {
      const db = this.db(tx);
      const rows = await db.selectFrom('user_identities').select('provider').where('user_id', '=', user.id).forUpdate().execute();
      if (!rows.some((r) => r.provider === provider)) {
        throw new DomainError('provider-not-linked', 'This sign-in method is not linked to your account.', 404);
      }
      if (!hasPassword(user) && rows.length < 2) {
        throw new ConflictError(
          'last-sign-in-method',
          'This is the only way to sign in to your account. Set a password or link another account first.',
        );
      }
      await db.deleteFrom('user_identities').where('user_id', '=', user.id).where('provider', '=', provider).execute();
    });
  }
}

const gone = () =>
  new DomainError('no-pending-provider-sign-in', 'This sign-in has expired. Please continue with Google or LinkedIn again.', 410);
