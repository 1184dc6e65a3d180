import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import type { DataExport } from '@mashrou/contracts';
import { DomainError } from '../common/errors.js';
import { randomToken, safeEqual, sha256 } from '../common/crypto.js';
import { DataExportSchema, type DataExportRow } from './storage.entities.js';
import { StorageService } from './storage.service.js';

/** How long a ready export can be downloaded (and is kept): 24 hours. */
export const EXPORT_TTL_MS = 24 * 60 * 60_000;
export const EXPORT_TTL_HOURS = EXPORT_TTL_MS / 3_600_000;
/** Exports a person may ask for in 24 hours. */
export const EXPORTS_PER_DAY = 3;
/** A pending export older than this is taken as lost (its job died): it no longer blocks a new one. */
export const EXPORT_STALE_MS = 60 * 60_000;

const notFound = () =>
  new DomainError('export-not-found', 'This download link is not valid. Ask for a new copy of your data.', 404);

const statusOf = (r: DataExportRow, now: Date): DataExport['status'] => {
  if (r.status === 'ready' && r.expiresAt && r.expiresAt <= now) return 'expired';
  // A job lost for an hour is as good as failed: the person may ask again (start() agrees).
  if (r.status === 'pending' && r.requestedAt.getTime() < now.getTime() - EXPORT_STALE_MS) return 'failed';
  return r.status;
};

export const exportView = (r: DataExportRow, now = new Date()): DataExport => ({
  id: r.id,
  status: statusOf(r, now),
  requestedAt: r.requestedAt.toISOString(),
  ...(r.readyAt ? { readyAt: r.readyAt.toISOString() } : {}),
  ...(r.expiresAt ? { expiresAt: r.expiresAt.toISOString() } : {}),
  ...(r.size !== null ? { size: r.size } : {}),
});

/**
 * Data exports' records and archives (table `data_exports`, blobs under `exports/`): asked for,
 * built by the `maintenance` queue's job, downloadable by their owner with the mailed token for
 * EXPORT_TTL_MS, then purged.
 */
@Injectable()
export class DataExportsService {
  constructor(
    private readonly orm: MikroORM,
    private readonly storage: StorageService,
  ) {}

  private key(r: { userId: string; id: string }) {
    return `exports/${r.userId}/${r.id}.zip`;
  }

  /**
   * A new pending export, unless one is still being made (409 export-in-progress) or the person
   * asked for EXPORTS_PER_DAY in the last 24 hours (429 too-many-exports). Requests of one person
   * take turns (a transaction-scoped advisory lock), so two at once cannot both pass.
   */
  async start(userId: string) {
    return this.orm.em.fork().transactional(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`data-export:${userId}`}))`.execute(tx.getKysely());
      const since = new Date(Date.now() - EXPORT_TTL_MS);
      const recent = await tx.find(DataExportSchema, { userId, requestedAt: { $gt: since } });
      const stale = new Date(Date.now() - EXPORT_STALE_MS);
      if (recent.some((r) => r.status === 'pending' && r.requestedAt > stale)) {
        throw new DomainError('export-in-progress', 'A copy of your data is already being prepared.', 409);
      }
      if (recent.length >= EXPORTS_PER_DAY) {
        throw new DomainError('too-many-exports', `You can ask for ${EXPORTS_PER_DAY} copies of your data a day.`, 429, {
          retryAfterSeconds: Math.ceil(
            (Math.min(...recent.map((r) => r.requestedAt.getTime())) + EXPORT_TTL_MS - Date.now()) / 1000,
          ),
        });
      }
      const row = tx.create(DataExportSchema, {
        id: randomUUID(),
        userId,
        status: 'pending',
        tokenHash: null,
        size: null,
        requestedAt: new Date(),
        readyAt: null,
        expiresAt: null,
      });
      tx.persist(row);
      await tx.flush();
      return row;
    });
  }

  /** The person's latest export, if any. */
  latest(userId: string) {
    return this.orm.em.fork().findOne(DataExportSchema, { userId }, { orderBy: { requestedAt: 'desc' } });
  }

  /** A pending export by id (the job's lookup), or null when it is gone (erased) or done. */
  pending(id: string) {
    return this.orm.em.fork().findOne(DataExportSchema, { id, status: 'pending' });
  }

  /**
   * Stores the finished archive and marks the export ready (the caller's transaction publishes the
   * mail's event with it). The bytes go first: a failure leaves the export pending, never ready
   * without its archive. `write` writes the archive to a scratch file and answers its size.
   */
  async finish(tx: EntityManager, id: string, write: (scratch: string) => Promise<number>) {
    const row = await tx.findOne(DataExportSchema, { id, status: 'pending' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!row) return null;
    const scratch = await this.storage.store.scratch(`export-${id}`);
    const size = await write(scratch);
    await this.storage.store.put(this.key(row), scratch, size, 'application/zip');
    row.status = 'ready';
    row.size = size;
    row.readyAt = new Date();
    row.expiresAt = new Date(Date.now() + EXPORT_TTL_MS);
    await tx.flush();
    return row;
  }

  async fail(id: string) {
    await this.orm.em.fork().nativeUpdate(DataExportSchema, { id, status: 'pending' }, { status: 'failed' });
  }

  /** Whether an export is ready and not expired. */
  async isReady(id: string) {
    return (await this.orm.em.fork().count(DataExportSchema, { id, status: 'ready', expiresAt: { $gt: new Date() } })) > 0;
  }

  /** A fresh download token for a ready export (made when the mail is sent; only its hash is kept). */
  async issueToken(id: string) {
    const em = this.orm.em.fork();
    const row = await em.findOne(DataExportSchema, { id, status: 'ready', expiresAt: { $gt: new Date() } });
    if (!row) return null;
    const token = randomToken();
    row.tokenHash = sha256(token);
    await em.flush();
    return { token, expiresAt: row.expiresAt };
  }

  /**
   * The archive for its owner, signed in: the link's export by its token, or (no token: Settings'
   * button) their latest ready one. 404 export-not-found for an unknown token or someone else's (no
   * hint that it exists) or when none is ready, 410 export-link-expired once its day is over.
   */
  async open(userId: string, token: string | undefined) {
    const em = this.orm.em.fork();
    const row = token
      ? await em.findOne(DataExportSchema, { tokenHash: sha256(token) })
      : await em.findOne(DataExportSchema, { userId, status: 'ready' }, { orderBy: { requestedAt: 'desc' } });
    if (!row || row.userId !== userId) throw notFound();
    if (token && (!row.tokenHash || !safeEqual(row.tokenHash, sha256(token)))) throw notFound();
    if (row.status !== 'ready' || !row.expiresAt || row.expiresAt <= new Date()) {
      throw new DomainError('export-link-expired', 'This download link has expired. Ask for a new copy of your data.', 410);
    }
    const stream = await this.storage.store.get(this.key(row));
    if (!stream) throw notFound();
    return { row, stream };
  }

  /** Retention: archives past their day are deleted (the rows stay a week: the day's request count, the expired link's answer). */
  async purgeExpired() {
    const em = this.orm.em.fork();
    const expired = await em.find(DataExportSchema, { status: 'ready', expiresAt: { $lte: new Date() }, size: { $ne: null } });
    for (const r of expired) {
      await this.storage.store.delete(this.key(r)).catch(() => undefined);
      r.size = null; // the archive is gone; the row says so
    }
    await em.flush();
    const old = await em.nativeDelete(DataExportSchema, { requestedAt: { $lt: new Date(Date.now() - 7 * 86_400_000) } });
    return { archivesDeleted: expired.length, rowsDeleted: old };
  }

  /** Erasure (in the caller's transaction): the rows; after commit, the step that removes the archives. */
  async erase(em: EntityManager, userId: string) {
    const rows = await em.find(DataExportSchema, { userId });
    await em.nativeDelete(DataExportSchema, { userId });
    return async () => {
      await Promise.all(rows.map((r) => this.storage.store.delete(this.key(r)).catch(() => undefined)));
    };
  }
}
