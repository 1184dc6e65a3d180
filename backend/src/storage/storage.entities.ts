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

/** Bytes and files a user stores; moved in the same transaction as `files` (see StorageService.upload). */
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
export type StorageUsage = InferEntity<typeof StorageUsageSchema>;
