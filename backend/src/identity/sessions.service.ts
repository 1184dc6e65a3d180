import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { SessionSchema, UserSchema, type User } from './identity.entities.js';
import { purgeSessions, sessionUser, type IdentityDB } from './identity.queries.js';
import { randomToken, sha256 } from './secrets.js';

export const SESSION_COOKIE = 'mashrou_session';
/** Marks a browser where an account signed in before (its own sign-in budget; see LIMITS). */
export const DEVICE_COOKIE = 'mashrou_device';

/** Server-side, revocable sessions: the cookie carries a random id; the table stores its SHA-256. */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

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
  async resolve(token: string | undefined): Promise<{ user: User; sessionHash: string } | undefined> {
    if (!token || token.length > 100) return undefined;
    const em = this.orm.em.fork();
    const idHash = sha256(token);
    const row = await sessionUser(em.getKysely(), idHash, this.config.SESSION_IDLE_DAYS);
    if (!row) return undefined;
    const { session_last_seen_at: lastSeen, ...userRow } = row;
    const user = em.map(UserSchema, userRow);
    if (Date.now() - new Date(lastSeen).getTime() > 60_000) {
      await em.nativeUpdate(SessionSchema, { idHash }, { lastSeenAt: new Date() });
    }
    return { user, sessionHash: idHash };
  }

  async revoke(token: string | undefined) {
    if (!token) return;
    await this.orm.em.fork().nativeDelete(SessionSchema, { idHash: sha256(token) });
  }

  /** Ends every session of a user (password reset, deactivation, a new role). */
  async revokeAll(em: EntityManager, userId: string) {
    await em.nativeDelete(SessionSchema, { userId });
  }

  /** Ends every session of a user but this one (a password change). */
  async revokeOthers(em: EntityManager, userId: string, keepHash: string) {
    await em.nativeDelete(SessionSchema, { userId, idHash: { $ne: keepHash } });
  }

  /** Sessions that can never be used again, and are only clutter. */
  purgeEnded(em: EntityManager) {
    return purgeSessions(em.getKysely<IdentityDB>({ convertValues: true }), this.config.SESSION_IDLE_DAYS);
  }

  deviceCookieOptions() {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.config.isProduction,
      path: '/api/auth',
      maxAge: 365 * 86_400,
    };
  }

  cookieOptions() {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.config.isProduction,
      path: '/',
      maxAge: this.config.SESSION_TTL_DAYS * 86_400,
    };
  }
}
