import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config/config.js';

/**
 * Where file bytes live. Uploads are first written (and checked) in a scratch file under
 * STORAGE_DIR; `put` then moves that file into the store. Keys are ours (`<owner>/<file id>`),
 * never a caller's path.
 */
export interface BlobStore {
  /** A scratch file path for an upload in progress. */
  scratch(id: string): Promise<string>;
  /** Moves the finished scratch file to `key` (and removes the scratch file). */
  put(key: string, scratchPath: string, size: number, contentType: string): Promise<void>;
  /** The bytes under `key`, or `undefined` when the store has no such object. */
  get(key: string): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
  /** Releases connections (the S3 client), if any. */
  destroy?(): void;
}

export class LocalBlobStore implements BlobStore {
  private readonly root: string;

  constructor(dir: string) {
    this.root = resolve(dir);
  }

  async scratch(id: string) {
    const dir = join(this.root, '.uploads');
    await mkdir(dir, { recursive: true });
    return join(dir, `${id}.part`);
  }

  async put(key: string, scratchPath: string) {
    const target = join(this.root, key);
    await mkdir(dirname(target), { recursive: true });
    await rename(scratchPath, target);
  }

  async get(key: string) {
    const path = join(this.root, key);
    try {
      await stat(path);
    } catch {
      return undefined;
    }
    return createReadStream(path);
  }

  async delete(key: string) {
    await rm(join(this.root, key), { force: true });
  }
}

/** Any S3-compatible store (AWS S3, MinIO, R2, …), configured by the S3_* variables. */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly local: LocalBlobStore;

  constructor(private readonly config: AppConfig) {
    this.local = new LocalBlobStore(config.STORAGE_DIR);
    this.client = new S3Client({
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      // Plain PUTs with a known length: many S3-compatible stores do not accept streamed checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private key(key: string) {
    return `${this.config.S3_PREFIX}${key}`;
  }

  scratch(id: string) {
    return this.local.scratch(id);
  }

  async put(key: string, scratchPath: string, size: number, contentType: string) {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.config.S3_BUCKET,
          Key: this.key(key),
          Body: createReadStream(scratchPath),
          ContentLength: size,
          ContentType: contentType,
          ContentDisposition: 'attachment',
        }),
      );
    } finally {
      await rm(scratchPath, { force: true });
    }
  }

  async get(key: string) {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.config.S3_BUCKET, Key: this.key(key) }));
      return out.Body as Readable;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
      throw err;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.S3_BUCKET, Key: this.key(key) }));
  }

  destroy() {
    this.client.destroy();
  }
}

export function createBlobStore(config: AppConfig): BlobStore {
  return config.STORAGE_DRIVER === 's3' ? new S3BlobStore(config) : new LocalBlobStore(config.STORAGE_DIR);
}
