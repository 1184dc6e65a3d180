import { defineEntity, p } from '@mikro-orm/core';

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
    /** The W3C trace context of what published it (telemetry/spans.ts), when tracing is on. */
    traceContext: p.json<Record<string, string>>().nullable(),
  },
});
export const EVENTS_ENTITIES = [OutboxEventSchema];
