import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { MikroORM, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { DomainError } from '../common/errors.js';
import { randomToken, safeEqual, sha256 } from '../identity/secrets.js';
import type { User } from '../identity/identity.entities.js';
import { FileSchema, type StoredFile } from './storage.entities.js';
import { createBlobStore, type BlobStore } from './blob-store.js';

/** Logical paths: a folder and a name, never the root, never `..`; the disk path is ours, not theirs. */
const PATH = /^[a-z0-9_-]{1,40}(\/[A-Za-z0-9_. ()-]{1,120})+$/;
const PDF_MAGIC = Buffer.from('%PDF-');

export const storageError = {
  notFound: () => new DomainError('object-not-found', 'Object does not exist', 404),
  unauthenticated: () => new DomainError('unauthenticated', 'Please sign in to continue.', 401),
  unauthorized: () => new DomainError('unauthorized', 'You do not have access to this file.', 403),
  quota: () => new DomainError('quota-exceeded', 'Your storage is full. Delete a file and try again.', 402),
  badPath: () => new DomainError('invalid-argument', 'The file path must be a folder and a name, like cv/resume.pdf.', 400),
  format: () => new DomainError('invalid-format', 'Only PDF files can be uploaded.', 415),
  tooLarge: (max: number) => new DomainError('file-too-large', `The file is larger than ${Math.round(max / 1_000_000)} MB.`, 413),
};

export const fileView = (f: StoredFile, token?: string) => ({
  id: f.id,
  path: f.path,
  name: f.name,
  contentType: f.contentType,
  size: f.size,
  createdAt: f.createdAt.toISOString(),
  ...(token ? { downloadUrl: `/api/files/${f.id}?token=${token}` } : {}),
});

/** Files in a blob store (local disk or S3), described in `files`; readable by token, by owner, or by share. */
@Injectable()
export class StorageService implements OnModuleDestroy {
  readonly store: BlobStore;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {
    this.store = createBlobStore(config);
  }

  onModuleDestroy() {
    if ('destroy' in this.store && typeof this.store.destroy === 'function') this.store.destroy();
  }

  /** The store key: ours, never derived from the caller's path. */
  private key(f: { ownerId: string; id: string }) {
    return `${f.ownerId}/${f.id}`;
  }

  async upload(owner: User, path: string, name: string, stream: Readable, truncated: () => boolean) {
    if (!PATH.test(path) || path.split('/').some((s) => s === '.' || s === '..')) throw storageError.badPath();
    const em = this.orm.em.fork();
    const [{ used }] = await em.execute<{ used: string }[]>('select coalesce(sum(size), 0) as used from files where owner_id = ?', [owner.id]);
    const id = randomUUID();
    const tmp = await this.store.scratch(id);
    let size = 0;
    let head = Buffer.alloc(0);
    const sniff = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (head.length < PDF_MAGIC.length) head = Buffer.concat([head, chunk]).subarray(0, PDF_MAGIC.length);
        done(null, chunk);
      },
    });
    try {
      await pipeline(stream, sniff, createWriteStream(tmp));
      if (truncated()) throw storageError.tooLarge(this.config.FILE_MAX_BYTES);
      // Content is judged by its bytes, not its name or the declared type.
      if (!head.equals(PDF_MAGIC)) throw storageError.format();
      if (Number(used) + size > this.config.USER_QUOTA_BYTES) throw storageError.quota();
      const token = randomToken();
      const file = em.create(FileSchema, {
        id,
        ownerId: owner.id,
        path,
        name: name.slice(0, 200) || 'file.pdf',
        contentType: 'application/pdf',
        size,
        tokenHash: sha256(token),
        createdAt: new Date(),
      });
      // Bytes first, row second: a failed store write leaves no row pointing at nothing.
      await this.store.put(this.key(file), tmp, size, file.contentType);
      try {
        await em.persist(file).flush();
      } catch (err) {
        await this.store.delete(this.key(file)).catch(() => undefined);
        throw err;
      }
      return fileView(file, token);
    } catch (err) {
      await rm(tmp, { force: true });
      if (err instanceof UniqueConstraintViolationException) {
        throw new DomainError('file-exists', 'A file with this path already exists. Delete it or choose another name.', 409);
      }
      throw err;
    }
  }

  /** The file and a stream of it, if `user` or `token` may read it. */
  async open(id: string, user: User | undefined, token: string | undefined) {
    const em = this.orm.em.fork();
    const file = await em.findOne(FileSchema, { id });
    if (!file) throw storageError.notFound();
    const byToken = token !== undefined && safeEqual(file.tokenHash, sha256(token));
    if (!byToken) {
      if (!user) throw storageError.unauthenticated();
      if (file.ownerId !== user.id && !(await this.isSharedWith(em, file.id, user.id))) throw storageError.unauthorized();
    }
    const stream = await this.store.get(this.key(file));
    if (!stream) throw storageError.notFound();
    return { file, stream };
  }

  private async isSharedWith(em: EntityManager, fileId: string, userId: string) {
    return (await em.execute('select 1 from file_shares where file_id = ? and user_id = ?', [fileId, userId])).length > 0;
  }

  async list(ownerId: string) {
    const files = await this.orm.em.fork().find(FileSchema, { ownerId }, { orderBy: { createdAt: 'desc' } });
    return files.map((f) => fileView(f));
  }

  async remove(ownerId: string, id: string) {
    const em = this.orm.em.fork();
    const file = await em.findOne(FileSchema, { id });
    if (!file) throw storageError.notFound();
    if (file.ownerId !== ownerId) throw storageError.unauthorized();
    await em.remove(file).flush();
    await this.store.delete(this.key(file));
  }

  /** A new token; the old download URL stops working. */
  async rotateToken(ownerId: string, id: string) {
    const em = this.orm.em.fork();
    const file = await em.findOne(FileSchema, { id });
    if (!file) throw storageError.notFound();
    if (file.ownerId !== ownerId) throw storageError.unauthorized();
    const token = randomToken();
    file.tokenHash = sha256(token);
    await em.flush();
    return fileView(file, token);
  }

  /** For other modules: is this the owner's file? (e.g. a CV attached to an application) */
  async assertOwned(em: EntityManager, ownerId: string, id: string) {
    const file = await em.findOne(FileSchema, { id });
    if (!file) throw storageError.notFound();
    if (file.ownerId !== ownerId) throw storageError.unauthorized();
  }

  /** Lets another user read a file (in the caller's transaction). */
  async share(em: EntityManager, fileId: string, userId: string) {
    await em.execute('insert into file_shares (file_id, user_id) values (?, ?) on conflict do nothing', [fileId, userId]);
  }
}
