import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { SIGNED_IN_COOKIE } from '@mashrou/contracts';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { redisOptions, sessionsEndedChannel } from '../queues/queues.js';
import { SessionSchema, type User } from './identity.entities.js';
import { purgeSessions, sessionUser, touchSession, userFromRow, type IdentityDB } from './identity.queries.js';
import { randomToken, sha256 } from './secrets.js';
import { SessionCache, type CachedSession } from './session-cache.js';

/** A session's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

export const SESSION_COOKIE = 'mashrou_session';
/** Marks a browser where an account signed in before (its own sign-in budget; see LIMITS). */
export const DEVICE_COOKIE = 'mashrou_device';

/** Ends this browser's session cookies, the session's and its readable companion (the caller revokes the session). */
export function clearSessionCookies(reply: FastifyReply) {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  void reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}

/** Server-side, revocable sessions: the cookie carries a random id; the table stores its SHA-256. */
@Injectable()
export class SessionsService implements OnModuleDestroy {
  private readonly logger = new Logger(SessionsService.name);
  private readonly cache: SessionCache;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {
    this.cache = new SessionCache(config.SESSION_CACHE_MS, 50_000, redisOptions(config), sessionsEndedChannel(config));
  }

  /** A session and its user as the database has them (undefined: expired, idle too long, revoked, deactivated). */
  private readonly lookUp = async (idHash: string): Promise<CachedSession | undefined> => {
    const row = await sessionUser(this.orm.em.getKysely(), idHash, this.config.SESSION_IDLE_DAYS);
    if (!row) return undefined;
    const { session_last_seen_at: lastSeen, session_expires_at: expires, ...userRow } = row;
    return { user: userFromRow(userRow), lastSeenAt: new Date(lastSeen).getTime(), expiresAt: new Date(expires).getTime() };
  };

  onModuleDestroy() {
    this.cache.close();
  }

  /** A new session in the caller's transaction; returns the cookie value (only its hash is stored). */
  create(em: EntityManager, userId: string, meta: { ip?: string; userAgent?: string }) {
    const token = randomToken();
    em.persist(
      em.create(SessionSchema, {
        idHash: sha256(token),
        userId,
        createdAt: new Date(),
        lastSeenAt: new Date(),
        expiresAt: new Date(Date.now() + this.config.SESSION_TTL_DAYS * 86_400_000),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      }),
    );
    return token;
  }

  /** The signed-in user of a cookie value, or undefined (expired, idle too long, revoked, deactivated). */
  async resolve(token: string | undefined): Promise<{ user: Readonly<User>; sessionHash: string } | undefined> {
    if (!token || token.length > 100) return undefined;
    const idHash = sha256(token);
    const now = Date.now();
    const idleMs = this.config.SESSION_IDLE_DAYS * 86_400_000;
    let session = this.cache.get(idHash);
    if (session && (session.expiresAt <= now || now - session.lastSeenAt >= idleMs)) session = undefined;
    if (session) this.cache.refreshAhead(idHash, this.lookUp);
    else {
      // Kept only if nothing was dropped meanwhile (a sign-out while this read the row, say).
      const since = this.cache.epoch;
      session = await this.lookUp(idHash);
      if (!session) return undefined;
      this.cache.set(idHash, session, since);
    }
    if (now - session.lastSeenAt > TOUCH_EVERY_MS) {
      this.cache.touch(idHash, now);
      // Not awaited: the request does not wait for this bookkeeping (a failure only delays the idle clock).
      touchSession(this.orm.em.getKysely(), idHash, new Date(now)).catch((err: unknown) => {
        this.logger.warn(`session last use not recorded: ${err instanceof Error ? err.message : String(err)}`);
      });
    }
    return { user: session.user, sessionHash: idHash };
  }

  async revoke(token: string | undefined) {
    if (!token) return;
    const idHash = sha256(token);
    await this.orm.em.fork().nativeDelete(SessionSchema, { idHash });
    this.cache.forgetSession(idHash);
  }

  /** Ends every session of a user (password reset, deactivation, a new role, erasure). */
  async revokeAll(em: EntityManager, userId: string) {
    await em.nativeDelete(SessionSchema, { userId });
    this.cache.forgetUser(userId, true);
  }

  /** Ends every session of a user but this one (a password change). */
  async revokeOthers(em: EntityManager, userId: string, keepHash: string) {
    await em.nativeDelete(SessionSchema, { userId, idHash: { $ne: keepHash } });
    this.cache.forgetUser(userId, true);
  }

  /** The user is gone (erased): their sessions went with the row. */
  gone(userId: string) {
    this.cache.forgetUser(userId, true);
  }

  /**
   * Anything about this user changed (profile, role, verification, password, erasure): no api
   * process answers from the user it held in memory any more.
   */
  changed(userId: string) {
    this.cache.forgetUser(userId);
  }

  /** Sessions that can never be used again, and are only clutter. */
  purgeEnded(em: EntityManager) {
    return purgeSessions(em.getKysely<IdentityDB>({ convertValues: true }), this.config.SESSION_IDLE_DAYS);
  }

  /** One of our cookies: unreadable by scripts, sent on top-level navigations, secure in production. */
  cookieOptions(path: string, maxAge: number) {
    return { httpOnly: true, sameSite: 'lax' as const, secure: this.config.isProduction, path, maxAge };
  }

  /**
   * A signed-in browser's cookies: the session's, `SIGNED_IN_COOKIE` beside it (readable by the web
   * app, no secret), and the device cookie of the account's browser (its own sign-in budget).
   */
  setSignInCookies(reply: FastifyReply, s: { token: string; deviceToken: string }) {
    const session = this.cookieOptions('/', this.config.SESSION_TTL_DAYS * 86_400);
    void reply.setCookie(SESSION_COOKIE, s.token, session);
    void reply.setCookie(SIGNED_IN_COOKIE, '1', { ...session, httpOnly: false });
    void reply.setCookie(DEVICE_COOKIE, s.deviceToken, this.cookieOptions('/api/auth', 365 * 86_400));
  }
}
