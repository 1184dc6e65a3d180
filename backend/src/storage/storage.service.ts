import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { Transform, type Readable } from 'node:stream';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { MikroORM, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { FILE_PATH } from '@mashrou/contracts';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { DomainError } from '../common/errors.js';
import { randomToken, safeEqual, sha256 } from '../common/crypto.js';
import type { User } from '../identity/index.js';
import { AuditService } from '../audit/index.js';
import { downloadName } from '../http/file-response.js';
import { FileSchema, StorageUsageSchema, type StoredFile } from './storage.entities.js';
import * as q from './storage.queries.js';
import type { StorageDB } from './storage.queries.js';
import type { Kysely } from 'kysely';
import { createBlobStore, type BlobStore } from './blob-store.js';
import { SNIFF_BYTES, sniffType, typesFor } from '../common/file-types.js';

export const storageError = {
  notFound: () => new DomainError('object-not-found', 'Object does not exist', 404),
  unauthenticated: () => new DomainError('unauthenticated', 'Please sign in to continue.', 401),
  unauthorized: () => new DomainError('unauthorized', 'You do not have access to this file.', 403),
  quota: () => new DomainError('quota-exceeded', 'Your storage is full. Delete a file and try again.', 402, { limit: 'bytes' }),
  tooManyFiles: (max: number) =>
    new DomainError('quota-exceeded', `You can keep at most ${max} files. Delete one and try again.`, 402, { limit: 'files' }),
  linkExpired: () => new DomainError('link-expired', 'This download link has expired. Ask its owner for a new one.', 403),
  badPath: () => new DomainError('invalid-argument', 'The file path must be a folder and a name, like cv/resume.pdf.', 400),
  format: (path = '') =>
    new DomainError(
      'invalid-format',
      path.startsWith('deliverables/')
        ? 'Only PDFs, images (PNG, JPEG, GIF, WebP), zip archives and office documents can be handed in.'
        : 'Only PDF files can be uploaded.',
      415,
      { accepted: typesFor(path) },
    ),
  tooLarge: (max: number) => new DomainError('file-too-large', `The file is larger than ${Math.round(max / 1_000_000)} MB.`, 413),
};

export const fileView = (f: StoredFile, token?: string) => ({
  id: f.id,
  path: f.path,
  name: f.name,
  contentType: f.contentType,
  size: f.size,
  createdAt: f.createdAt.toISOString(),
  ...(token ? { downloadUrl: `/api/files/${f.id}?token=${token}`, downloadUrlExpiresAt: f.tokenExpiresAt.toISOString() } : {}),
});

/** Files in a blob store (local disk or S3), described in `files`; readable by token, by owner, or by share. */
@Injectable()
export class StorageService implements OnModuleDestroy {
  readonly store: BlobStore;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly audit: AuditService,
  ) {
    this.store = createBlobStore(config);
  }

  onModuleDestroy() {
    this.store.destroy?.();
  }

  /** The store key: ours, never derived from the caller's path. */
  private key(f: { ownerId: string; id: string }) {
    return `${f.ownerId}/${f.id}`;
  }

  private tokenExpiry() {
    return new Date(Date.now() + this.config.FILE_TOKEN_TTL_DAYS * 86_400_000);
  }

  /**
   * Streams the upload to a scratch file (its size and first bytes judged there), then: reserves
   * the bytes and a file slot on the owner's usage row (one conditional upsert that locks the row
   * for an instant, so parallel uploads take turns and cannot pass the quota together), stores the
   * bytes (outside any transaction: a slow store holds no database connection), and writes the
   * row. A failure after the reservation gives it back and removes the bytes.
   */
  async upload(owner: User, path: string, name: string, stream: Readable, truncated: () => boolean) {
    // Logical paths: a folder and a name, never the root, never `..`; the disk path is ours, not theirs.
    if (!FILE_PATH.test(path) || path.split('/').some((s) => s === '.' || s === '..')) throw storageError.badPath();
    const { USER_QUOTA_BYTES: quota, USER_MAX_FILES: maxFiles } = this.config;
    const id = randomUUID();
    const tmp = await this.store.scratch(id);
    let size = 0;
    let head = Buffer.alloc(0);
    const sniff = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
        done(null, chunk);
      },
    });
    let reserved = false;
    let stored: string | undefined;
    try {
      await pipeline(stream, sniff, createWriteStream(tmp));
      if (truncated()) throw storageError.tooLarge(this.config.FILE_MAX_BYTES);
      // Content is judged by its bytes, not its name or the declared type.
      const contentType = sniffType(head, name);
      if (!contentType || !typesFor(path).includes(contentType)) throw storageError.format(path);
      if (size > quota) throw storageError.quota();
      const em = this.orm.em.fork();
      if (!(await q.reserve(this.db(em), owner.id, size, quota, maxFiles))) {
        const usage = await em.findOne(StorageUsageSchema, { userId: owner.id });
        throw usage && usage.files >= maxFiles ? storageError.tooManyFiles(maxFiles) : storageError.quota();
      }
      reserved = true;
      const token = randomToken();
      const file = em.create(FileSchema, {
        id,
        ownerId: owner.id,
        path,
        name: name.slice(0, 200) || 'file',
        contentType,
        size,
        tokenHash: sha256(token),
        tokenExpiresAt: this.tokenExpiry(),
        createdAt: new Date(),
      });
      // Bytes first, row second: a failed store write leaves no row pointing at nothing.
      await this.store.put(this.key(file), tmp, size, file.contentType);
      stored = this.key(file);
      await em.persist(file).flush();
      return fileView(file, token);
    } catch (err) {
      if (reserved) await q.release(this.db(), owner.id, size).catch(() => undefined);
      if (stored) await this.store.delete(stored).catch(() => undefined);
      if (err instanceof UniqueConstraintViolationException) {
        throw new DomainError('file-exists', 'A file with this path already exists. Delete it or choose another name.', 409);
      }
      throw err;
    } finally {
      await rm(tmp, { force: true });
    }
  }

  private db(em: EntityManager = this.orm.em.fork()) {
    return em.getKysely<StorageDB>({ convertValues: true });
  }

  /**
   * Sets each usage row quiet for an hour to what its files really hold (after a crash between a
   * reservation and its file row, say). Run by the hourly maintenance job.
   */
  reconcileUsage() {
    return q.reconcileUsage(this.db());
  }

  /**
   * The file and a stream of it, if `user` or `token` may read it: its owner, whom it was shared with
   * (the company of an application or a hand-in), and admins — only files sent that way, never a
   * private upload. An admin's reading of someone's file is in the audit log.
   */
  async open(id: string, user: User | undefined, token: string | undefined) {
    const em = this.orm.em.fork();
    const file = await em.findOne(FileSchema, { id });
    if (!file) throw storageError.notFound();
    const tokenMatches = token !== undefined && safeEqual(file.tokenHash, sha256(token));
    const byToken = tokenMatches && file.tokenExpiresAt > new Date();
    if (!byToken) {
      const mayRead =
        user &&
        (file.ownerId === user.id || (await q.isShared(this.db(em), file.id, user.userType === 'admin' ? null : user.id)));
      if (!mayRead) {
        if (tokenMatches) throw storageError.linkExpired();
        throw user ? storageError.unauthorized() : storageError.unauthenticated();
      }
    }
    const stream = await this.store.get(this.key(file));
    if (!stream) throw storageError.notFound();
    if (!byToken && user?.userType === 'admin' && file.ownerId !== user.id) {
      await this.recordAdminRead(user, file).catch((err: unknown) => {
        stream.destroy();
        throw err;
      });
    }
    return { file, stream };
  }

  /**
   * An admin's reading of someone's file, in the audit log (by the name it downloads under). Written
   * holding the file's row: an erasure of its owner under way either waits for the entry and then
   * takes the owner out of it, or has removed the file first (404). If the entry cannot be written,
   * the download fails: no admin reads a student's file unrecorded.
   */
  private async recordAdminRead(admin: User, file: StoredFile) {
    await this.orm.em.fork().transactional(async (tx) => {
      const held = await this.db(tx).selectFrom('files').select('id').where('id', '=', file.id).forShare().executeTakeFirst();
      if (!held) throw storageError.notFound();
      await this.audit.write(
        tx,
        admin,
        'file.downloaded',
        { type: 'file', id: file.id, label: downloadName(file.name, file.contentType) },
        { ownerId: file.ownerId },
      );
    });
  }

  /** For a data export: each of the owner's files with its bytes (a file whose bytes are missing comes without). */
  async *ownFilesWithBytes(ownerId: string) {
    const files = await this.orm.em.fork().find(FileSchema, { ownerId }, { orderBy: { createdAt: 'asc' } });
    for (const f of files) {
      const stream = await this.store.get(this.key(f));
      yield { file: fileView(f), bytes: stream ? await buffer(stream) : undefined };
    }
  }

  async list(ownerId: string) {
    const files = await this.orm.em.fork().find(FileSchema, { ownerId }, { orderBy: { createdAt: 'desc' } });
    return files.map((f) => fileView(f));
  }

  async remove(ownerId: string, id: string) {
    await this.delete(ownerId, id, (row) => {
      if (!row) throw storageError.notFound();
      if (row.ownerId !== ownerId) throw storageError.unauthorized();
      return true;
    });
  }

  /** For other modules: one of the owner's files as the api shows it, or null (gone, or someone else's). */
  async describe(ownerId: string, id: string) {
    const file = await this.orm.em.fork().findOne(FileSchema, { id, ownerId });
    return file ? fileView(file) : null;
  }

  /**
   * For other modules: deletes one of the owner's files unless it was shared (a CV sent with an
   * application stays readable by the company). Says whether it was deleted.
   */
  removeUnlessShared(ownerId: string, id: string) {
    return this.delete(ownerId, id, async (row, tx) => row?.ownerId === ownerId && !(await q.isShared(this.db(tx), id, null)));
  }

  /** Deletes a file (its row locked) if `may` says so, and then its bytes; says whether it did. */
  private async delete(
    ownerId: string,
    id: string,
    may: (row: StoredFile | null, tx: EntityManager) => boolean | Promise<boolean>,
  ) {
    const file = await this.orm.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(FileSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!(await may(row, tx)) || !row) return null;
      await q.release(this.db(tx), ownerId, row.size);
      await tx.remove(row).flush();
      return row;
    });
    if (file) await this.store.delete(this.key(file));
    return file !== null;
  }

  /** A new token, valid FILE_TOKEN_TTL_DAYS; the old download URL stops working. */
  async rotateToken(ownerId: string, id: string) {
    const em = this.orm.em.fork();
    const file = await em.findOne(FileSchema, { id });
    if (!file) throw storageError.notFound();
    if (file.ownerId !== ownerId) throw storageError.unauthorized();
    const token = randomToken();
    file.tokenHash = sha256(token);
    file.tokenExpiresAt = this.tokenExpiry();
    await em.flush();
    return fileView(file, token);
  }

  /** For other modules, in their transaction: is this the owner's file? (e.g. a CV attached to an application) */
  async assertOwned(db: Kysely<StorageDB>, ownerId: string, id: string, accept?: readonly string[]) {
    // Held (shared) until the caller's transaction ends: a deletion waits, then sees what it shares.
    const file = await db
      .selectFrom('files')
      .select(['owner_id', 'content_type'])
      .where('id', '=', id)
      .forShare()
      .executeTakeFirst();
    if (!file) throw storageError.notFound();
    if (file.owner_id !== ownerId) throw storageError.unauthorized();
    // A CV is a PDF, even if the file was uploaded where other kinds are taken (a hand-in's).
    if (accept && !accept.includes(file.content_type)) throw storageError.format();
  }

  /** Holds the file's row until the caller's transaction ends (decisions about who may read it wait their turn). */
  async lock(em: EntityManager, fileId: string) {
    await this.db(em).selectFrom('files').select('id').where('id', '=', fileId).forUpdate().execute();
  }

  /** Several files' descriptions at once (no download links), by id: what a hand-in attached. */
  async describeMany(ids: string[]) {
    if (!ids.length) return new Map<string, ReturnType<typeof fileView>>();
    const rows = await this.orm.em.fork().find(FileSchema, { id: { $in: ids } });
    return new Map(rows.map((f) => [f.id, fileView(f)]));
  }

  /** Lets another user read a file (in the caller's transaction). */
  async share(db: Kysely<StorageDB>, fileId: string, userId: string) {
    await db
      .insertInto('file_shares')
      .values({ file_id: fileId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * Erasure: the person's file rows (and who they were shared with) in the caller's transaction.
   * Returns a step to run after commit that removes the bytes (a failure there leaves an
   * unreachable blob, never a row pointing at nothing).
   */
  async erase(em: EntityManager, userId: string) {
    const db = this.db(em);
    const files = await db.deleteFrom('files').where('owner_id', '=', userId).returning(['id', 'owner_id']).execute();
    await db.deleteFrom('storage_usage').where('user_id', '=', userId).execute();
    return async () => {
      await Promise.all(files.map((f) => this.store.delete(this.key({ ownerId: f.owner_id, id: f.id })).catch(() => undefined)));
    };
  }

  /** Takes that right back (in the caller's transaction). */
  async unshare(em: EntityManager, fileId: string, userId: string) {
    await this.db(em).deleteFrom('file_shares').where('file_id', '=', fileId).where('user_id', '=', userId).execute();
  }
}
