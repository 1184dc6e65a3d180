import { Logger } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { User } from './identity.entities.js';

export interface CachedSession {
  user: Readonly<User>;
  lastSeenAt: number;
  expiresAt: number;
}
/** After a change to a user, their sessions are read from the database for this long (covers the commit). */
const QUIET_MS = 10_000;

/**
 * Signed-in requests resolve their session from memory for a few seconds (SESSION_CACHE_MS) instead
 * of a database round trip each time. Revocation stays instant across api processes: every sign-out,
 * revocation and change to a user is published on Redis, and each process drops what it holds for
 * that session or user at once. While this process is not subscribed (Redis down, reconnecting) it
 * caches nothing, so it can never miss a revocation.
 */
export class SessionCache {
  private readonly logger = new Logger(SessionCache.name);
  /** Sessions by id hash, each for ttlMs at most; the least recently used go first when full. */
  private readonly entries: LRUCache<string, CachedSession>;
  /** The cached sessions of each user (kept in step with `entries` by its dispose callback). */
  private readonly byUser = new Map<string, Set<string>>();
  /** Users changed lately: not cached until then (the change may not be committed yet). */
  private readonly quiet = new LRUCache<string, true>({ max: 10_000, ttl: QUIET_MS });
  /** Sessions being looked up again ahead of their expiry (refreshAhead); an entry's end clears its mark. */
  private readonly refreshing = new Set<string>();
  /**
   * Counts what this process dropped (a session, a user's sessions, everything): a lookup that began
   * before a drop may have read what the drop ended, so its answer is not kept (`set`'s `since`).
   */
  private drops = 0;
  private subscriber?: Redis;
  private publisher?: Redis;
  private subscribed = false;
  private closed = false;

  constructor(
    private readonly ttlMs: number,
    maxEntries: number,
    private readonly redis: RedisOptions,
    private readonly channel: string,
  ) {
    this.entries = new LRUCache({
      max: maxEntries,
      ttl: Math.max(ttlMs, 1),
      dispose: (session, hash) => {
        this.refreshing.delete(hash);
        const hashes = this.byUser.get(session.user.id);
        hashes?.delete(hash);
        if (hashes?.size === 0) this.byUser.delete(session.user.id);
      },
    });
  }

  get enabled() {
    return this.ttlMs > 0;
  }

  get(hash: string): CachedSession | undefined {
    this.subscribe();
    return this.subscribed ? this.entries.get(hash) : undefined;
  }

  /** Where a lookup starts: `set` keeps its answer only if nothing was dropped since. */
  get epoch() {
    return this.drops;
  }

  set(hash: string, session: CachedSession, since = this.drops) {
    if (!this.enabled || !this.subscribed || since !== this.drops || this.quiet.has(session.user.id)) return;
    this.entries.set(hash, { ...session });
    let hashes = this.byUser.get(session.user.id);
    if (!hashes) this.byUser.set(session.user.id, (hashes = new Set()));
    hashes.add(hash);
  }

  /**
   * A session in the last fifth to two fifths of its time here (by its hash) is looked up again in
   * the background (`load`), while the requests meanwhile use what is held. Without it, each active
   * session's next request after the time is up waits for the lookup and then for its own query:
   * under load, two turns in line for a database connection instead of one, and sessions cached
   * together expire together (at 100 connections, about every 5 s a burst of requests took twice as
   * long, which made the p99 of a search bench). What the lookup finds is kept only if the entry is
   * still the one it replaced: a session revoked or a user changed meanwhile is not put back.
   */
  refreshAhead(hash: string, load: (hash: string) => Promise<CachedSession | undefined>) {
    if (this.refreshing.has(hash)) return;
    const held = this.entries.get(hash);
    // From its last fifth to its last two fifths, by its hash: sessions cached at the same moment are
    // not all looked up at the same moment (a burst of 100 lookups delayed every request under way).
    const share = 0.2 + 0.2 * ((Number.parseInt(hash.slice(0, 4), 16) || 0) / 0x10000);
    if (!held || this.entries.getRemainingTTL(hash) > this.ttlMs * share) return;
    this.refreshing.add(hash);
    const since = this.drops;
    // A lookup that fails or never answers leaves the mark until the entry ends: a database that is
    // down is not asked again on every request meanwhile.
    load(hash).then(
      (fresh) => {
        if (this.entries.get(hash) !== held) return;
        this.refreshing.delete(hash);
        if (fresh) this.set(hash, fresh, since);
        else this.drop(hash);
      },
      (err: unknown) => {
        this.logger.warn(`session not looked up ahead: ${err instanceof Error ? err.message : String(err)}`);
      },
    );
  }

  /** A session's last use, as recorded in the database. */
  touch(hash: string, at: number) {
    const e = this.entries.get(hash);
    if (e) e.lastSeenAt = at;
  }

  /** This session ended (sign-out): in every process. */
  forgetSession(hash: string) {
    this.drop(hash);
    this.publish({ session: hash });
  }

  /**
   * This user changed or lost sessions (role, deactivation, profile, password, erasure): in every
   * process. `sessionsEnded`: some of their sessions were revoked (open live streams end on it).
   */
  forgetUser(userId: string, sessionsEnded = false) {
    this.dropUser(userId);
    this.publish({ user: userId, ...(sessionsEnded ? { ended: true } : {}) });
  }

  close() {
    this.closed = true;
    this.subscribed = false;
    this.subscriber?.disconnect();
    this.publisher?.disconnect();
    this.clear();
  }

  private publish(message: { session?: string; user?: string; ended?: boolean }) {
    // Published even with the cache off: every process's open notification streams end on it too.
    if (this.closed) return;
    this.publisher ??= this.connect('publisher');
    // If this fails, the other processes are not subscribed either (same Redis): they cache nothing.
    this.publisher.publish(this.channel, JSON.stringify(message)).catch((err: unknown) => {
      this.logger.warn(`session revocation not published: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  private subscribe() {
    if (this.subscriber || !this.enabled || this.closed) return;
    const sub = (this.subscriber = this.connect('subscriber'));
    const off = () => {
      this.subscribed = false;
      this.clear();
    };
    sub.on('ready', () => {
      sub.subscribe(this.channel).then(
        () => {
          this.subscribed = true;
        },
        () => {
          off();
        },
      );
    });
    sub.on('close', off);
    sub.on('end', off);
    sub.on('message', (_channel: string, raw: string) => {
      try {
        const m = JSON.parse(raw) as { session?: string; user?: string };
        if (m.session) this.drop(m.session);
        if (m.user) this.dropUser(m.user);
      } catch {
        this.clear();
      }
    });
  }

  private connect(role: string) {
    const r = new Redis({ ...this.redis, lazyConnect: false, connectionName: `sessions-${role}` });
    r.on('error', () => undefined);
    return r;
  }

  private drop(hash: string) {
    this.drops += 1;
    this.entries.delete(hash);
  }

  private dropUser(userId: string) {
    this.drops += 1;
    this.quiet.set(userId, true);
    for (const hash of [...(this.byUser.get(userId) ?? [])]) this.entries.delete(hash);
  }

  private clear() {
    this.drops += 1;
    this.entries.clear();
  }
}
