import { defineEntity, p } from '@mikro-orm/core';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '@mashrou/contracts';

/** One admin action, written in the same transaction as the change it records. */
export const AuditLogSchema = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_log',
  properties: {
    id: p.uuid().primary(),
    actorId: p.uuid().nullable(),
    actorEmail: p.string(),
    action: p.enum([...AUDIT_ACTIONS]),
    targetType: p.enum([...AUDIT_TARGETS]),
    targetId: p.uuid().nullable(),
    targetLabel: p.string().nullable(),
    details: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(),
  },
});
export const AUDIT_ENTITIES = [AuditLogSchema];
