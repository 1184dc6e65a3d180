import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { MikroORM, type EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { INBOX_FACTS, type InboxFacts, type InboxFactsOf, type InboxItem, type InboxKind } from '@mashrou/contracts';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { redisOptions } from '../queues/queues.js';
import { InboxItemSchema } from './notifications.entities.js';

type DB = InferKyselyDB<typeof InboxItemSchema>;

/** Only the facts the contract names, whatever else an older row holds. */
const pickFacts = (data: Record<string, unknown>): InboxFacts =>
  Object.fromEntries(INBOX_FACTS.filter((k) => data[k] !== undefined).map((k) => [k, data[k]]));

/** The Redis channel on which "this person's notifications changed" reaches every api process. */
export const inboxChannel = (config: AppConfig) => `${config.QUEUE_PREFIX}:inbox:changed`;

/**
 * The notifications a person reads in the app. Handlers add entries (in the worker) next to the
 * email they send; every change is announced on Redis, so each api process can tell its open
 * streams (InboxStream).
 */
@Injectable()
export class InboxService implements OnModuleDestroy {
  private readonly logger = new Logger(InboxService.name);
  private publisher?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

  onModuleDestroy() {
    this.publisher?.disconnect();
  }

  private db(em: EntityManager = this.orm.em) {
    return em.getKysely<DB>({ convertValues: true });
  }

  /**
   * Adds one entry, once per `dedupeKey` and person (a retried job adds nothing); says whether it was
   * added. `about` is the other person it names (the applicant, the company), so erasing them removes
   * their name from it. `read`: what it tells of was already seen (a message read before its entry
   * came), so it does not count as unread.
   */
  async add<K extends InboxKind>(
    dedupeKey: string,
    userId: string,
    kind: K,
    facts: InboxFactsOf<K>,
    about?: string | null,
    options: { read?: boolean } = {},
  ) {
    const row = await this.newEntry(dedupeKey, userId, kind, facts, about, options.read)
      .insert.onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row && !options.read) this.changed(userId);
    return row !== undefined;
  }

  /**
   * One entry per `batchKey` and person that later events of the same batch update instead of
   * adding to (its facts replaced, unread again, moved to the top): a batch of submissions is one entry.
   */
  async addOrUpdate<K extends InboxKind>(
    batchKey: string,
    userId: string,
    kind: K,
    facts: InboxFactsOf<K>,
    about?: string | null,
  ) {
    const { data, insert } = this.newEntry(batchKey, userId, kind, facts, about);
    await insert
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doUpdateSet({ data, read_at: null, created_at: new Date() }))
      .execute();
    this.changed(userId);
  }

  /** The insert of a new entry (the facts given, undefined ones left out), for the caller to finish. */
  private newEntry(dedupeKey: string, userId: string, kind: InboxKind, facts: InboxFacts, about?: string | null, read = false) {
    const data = pickFacts(facts) as Record<string, string | number | boolean>;
    const insert = this.db()
      .insertInto('inbox_items')
      .values({
        id: randomUUID(),
        user_id: userId,
        dedupe_key: dedupeKey,
        kind,
        data,
        about_user_id: about ?? null,
        read_at: read ? new Date() : null,
        created_at: new Date(),
      });
    return { data, insert };
  }

  /** One page of a person's entries, newest first, with how many there are and how many are unread. */
  async page(userId: string, page: number, pageSize: number, onlyUnread: boolean) {
    const db = this.db();
    let list = db.selectFrom('inbox_items').selectAll().where('user_id', '=', userId);
    if (onlyUnread) list = list.where('read_at', 'is', null);
    const [rows, counts] = await Promise.all([
      list
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      db
        .selectFrom('inbox_items')
        .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where read_at is null)`.as('unread')])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    const unread = Number(counts.unread);
    const items: InboxItem[] = rows.map((r) => ({
      id: r.id,
      kind: r.kind as InboxKind,
      ...pickFacts(r.data),
      read: r.read_at !== null,
      createdAt: r.created_at.toISOString(),
    }));
    return { items, total: onlyUnread ? unread : Number(counts.total), unread, page, pageSize };
  }

  async unread(userId: string) {
    const r = await this.db()
      .selectFrom('inbox_items')
      .select(sql<string>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Marks one of the person's entries read (someone else's is not found). */
  async markRead(userId: string, id: string) {
    const r = await this.db()
      .updateTable('inbox_items')
      .set({ read_at: sql`coalesce(read_at, now())` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (r.numUpdatedRows === 0n) return null;
    this.changed(userId);
    return this.unread(userId);
  }

  async markAllRead(userId: string) {
    const r = await this.db()
      .updateTable('inbox_items')
      .set({ read_at: new Date() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    if (r.numUpdatedRows > 0n) this.changed(userId);
    return this.unread(userId);
  }

  /**
   * Marks read the person's entries of one kind about one other person and project — the
   * `new-message` entries of a conversation the person has just opened.
   */
  async markReadAbout(userId: string, kind: InboxKind, about: string, projectId: string) {
    const r = await this.db()
      .updateTable('inbox_items')
      .set({ read_at: new Date() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .where('kind', '=', kind)
      .where('about_user_id', '=', about)
      .where(sql<string>`data->>'projectId'`, '=', projectId)
      .executeTakeFirst();
    if (r.numUpdatedRows > 0n) this.changed(userId);
  }

  /** Erasure: the person's notifications, and their name in what others were told about them. */
  async erase(em: EntityManager, userId: string) {
    const db = this.db(em);
    await db.deleteFrom('inbox_items').where('user_id', '=', userId).execute();
    await db
      .updateTable('inbox_items')
      .set({ data: sql`data - 'studentName' - 'companyName' - 'senderName'`, about_user_id: null })
      .where('about_user_id', '=', userId)
      .execute();
  }

  /** Tells every api process; losing this only delays the bell until its next refresh (the polling fallback). */
  private changed(userId: string) {
    this.publisher ??= this.connect();
    this.publisher.publish(inboxChannel(this.config), userId).catch((err: unknown) => {
      this.logger.warn(`inbox change not published: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  private connect() {
    const r = new Redis({ ...redisOptions(this.config), connectionName: 'inbox-publisher', maxRetriesPerRequest: 1 });
    r.on('error', () => undefined);
    return r;
  }
}
