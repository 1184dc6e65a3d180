import { sql } from 'kysely';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import type { OutboxEventSchema } from './events.entities.js';

type EventsDB = InferKyselyDB<typeof OutboxEventSchema>;

export interface OutboxBacklog {
  /** Committed events no relay has handed to the queues yet. */
  pending: number;
  /** Seconds since the oldest of them was written (0 when none waits). */
  oldestPendingSeconds: number;
}

/** What waits in the outbox, read through its partial index on pending rows (one index scan). */
export async function outboxBacklog(em: EntityManager): Promise<OutboxBacklog> {
  const row = await em
    .getKysely<EventsDB>()
    .selectFrom('outbox_events')
    .select([
      sql<string>`count(*)`.as('pending'),
      sql<string>`coalesce(extract(epoch from now() - min(occurred_at)), 0)`.as('age'),
    ])
    .where('dispatched_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestPendingSeconds: Math.max(0, Math.floor(Number(row.age))) };
}
