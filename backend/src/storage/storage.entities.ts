import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const FileSchema = defineEntity({
  name: 'StoredFile',
  tableName: 'files',
  properties: {
    id: p.uuid().primary(),
    ownerId: p.uuid(),
    path: p.string(),
    name: p.string(),
    contentType: p.string(),
    size: p.integer(),
    tokenHash: p.string().hidden(),
    tokenExpiresAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type StoredFile = InferEntity<typeof FileSchema>;

/** Who else may read a file: e.g. the company an application's CV was sent to. */
export const FileShareSchema = defineEntity({
  name: 'FileShare',
  tableName: 'file_shares',
  properties: {
    fileId: p.uuid().primary(),
    userId: p.uuid().primary(),
  },
});

/** Bytes and files a user stores; kept in step with `files` (see StorageService.upload). */
export const StorageUsageSchema = defineEntity({
  name: 'StorageUsage',
  tableName: 'storage_usage',
  properties: {
    userId: p.uuid().primary(),
    bytes: p.bigint('number'),
    files: p.integer(),
    updatedAt: p.datetime(),
  },
});

/**
 * A person's data export (Settings → Download my data): its archive lives in the blob store under
 * `exports/<user>/<id>.zip`; the download link's token is kept only as SHA-256.
 */
export const DataExportSchema = defineEntity({
  name: 'DataExport',
  tableName: 'data_exports',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    status: p.enum(['pending', 'ready', 'failed'] as const).default('pending'),
    tokenHash: p.string().nullable().hidden(),
    size: p.bigint('number').nullable(),
    requestedAt: p.datetime(),
    readyAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
  },
});
export type DataExportRow = InferEntity<typeof DataExportSchema>;

export const STORAGE_ENTITIES = [FileSchema, FileShareSchema, StorageUsageSchema, DataExportSchema];
