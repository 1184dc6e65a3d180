import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { IDENTITY_ENTITIES } from '../identity/identity.entities.js';
import { AdminNotificationSchema } from '../admin/admin.entities.js';
import { AssessmentSchema } from '../onboarding/onboarding.entities.js';
import { MARKETPLACE_ENTITIES } from '../marketplace/marketplace.entities.js';
import { FileSchema, StorageUsageSchema } from '../storage/storage.entities.js';

/** A domain event written in the same transaction as the change that caused it (DESIGN §3). */
export const OutboxEventSchema = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_events',
  properties: {
    id: p.uuid().primary(),
    name: p.string(),
    payload: p.json<Record<string, unknown>>(),
    occurredAt: p.datetime().onCreate(() => new Date()),
    dispatchedAt: p.datetime().nullable(),
  },
});
export type OutboxEvent = InferEntity<typeof OutboxEventSchema>;

/** Every entity the ORM knows; each module adds its own here. */
export const ENTITIES = [OutboxEventSchema, ...IDENTITY_ENTITIES, AdminNotificationSchema, AssessmentSchema, ...MARKETPLACE_ENTITIES, FileSchema, StorageUsageSchema];
