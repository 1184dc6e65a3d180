import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { SessionSchema, UserSchema, type User } from './identity.entities.js';
import { randomToken, sha256 } from './secrets.js';

export const SESSION_COOKIE = 'mashrou_session';

/** Server-side, revocable sessions: the cookie carries a random id; the table stores its SHA-256. */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

  async create(em: EntityManager, userId: string, meta: { ip?: string; userAgent?: string }) {
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

  /** The signed-in user of a cookie value, or undefined (expired, revoked, deactivated). */
  async resolve(token: string | undefined): Promise<{ user: User; sessionHash: string } | undefined> {
    if (!token || token.length > 100) return undefined;
    const em = this.orm.em.fork();
    const idHash = sha256(token);
    // One round trip on every authenticated request: the session and its (active) user together.
    const [row] = await em.execute<Record<string, unknown>[]>(
      `select u.*, s.last_seen_at as session_last_seen_at from sessions s join users u on u.id = s.user_id
        where s.id_hash = ? and s.expires_at > now() and u.active`,
      [idHash],
    );
    if (!row) return undefined;
    const lastSeen = new Date(row.session_last_seen_at as string);
    delete row.session_last_seen_at;
    const user = em.map(UserSchema, row);
    if (Date.now() - lastSeen.getTime() > 60_000) {
      await em.nativeUpdate(SessionSchema, { idHash }, { lastSeenAt: new Date() });
    }
    return { user, sessionHash: idHash };
  }

  async revoke(token: string | undefined) {
    if (!token) return;
    await this.orm.em.fork().nativeDelete(SessionSchema, { idHash: sha256(token) });
  }

  /** Ends every session of a user (password reset, deactivation). */
  async revokeAll(em: EntityManager, userId: string) {
    await em.nativeDelete(SessionSchema, { userId });
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
