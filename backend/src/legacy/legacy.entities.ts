import { defineEntity, p } from '@mikro-orm/core';

/** Which record of the older system's export became which row here (`npm run import:legacy`). */
export const LegacyIdSchema = defineEntity({
  name: 'LegacyId',
  tableName: 'legacy_ids',
  properties: {
    collection: p.string().primary(),
    legacyId: p.string().primary(),
    newId: p.uuid(),
    importedAt: p.datetime().onCreate(() => new Date()),
  },
});

export const LEGACY_ENTITIES = [LegacyIdSchema];
