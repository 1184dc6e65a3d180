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
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type StoredFile = InferEntity<typeof FileSchema>;
