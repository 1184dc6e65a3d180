import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { OutboxEventSchema } from './events.entities.js';
import { QUEUE_NAMES } from '../queues/queues.js';
import type { DomainEvent } from './event-catalogue.js';
import { activeTraceContext, outboxTraceContext } from '../telemetry/spans.js';

/**
 * Publishes a domain event through the transactional outbox: the row is persisted with the caller's
 * EntityManager, so it commits (or rolls back) with the change that caused it.
 */
export function publishEvent(em: EntityManager, event: DomainEvent): string {
  const id = randomUUID();
  em.persist(
    em.create(OutboxEventSchema, {
      id,
      name: event.name,
      payload: { ...event.payload },
      occurredAt: new Date(),
      dispatchedAt: null,
      traceContext: outboxTraceContext(event.name, id),
    }),
  );
  return id;
}

/** The outbox for services: publishing, and erasing what it holds about a person. */
@Injectable()
export class OutboxService {
  private readonly logger = new Logger(OutboxService.name);

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly orm: MikroORM,
  ) {}

  publish(em: EntityManager, event: DomainEvent): string {
    return publishEvent(em, event);
  }

  /** An event that goes with no other change (a mail asked for): written in a transaction of its own. */
  publishNow(event: DomainEvent): Promise<string> {
    return this.orm.em.fork().transactional((tx) => Promise.resolve(publishEvent(tx, event)));
  }

  /**
   * An insert of `event` into the outbox if `source` (a CTE of the caller's statement, its own
   * insert's `returning`, at most one row) has a row: the event is written with that change, in one
   * statement, or not at all. The outbox's SQL stays here; the caller only composes it.
   */
  insertFor(event: DomainEvent, source: string) {
    const id = randomUUID();
    // The statement may insert nothing (its source empty): the row carries the caller's context, no span of its own.
    const trace = activeTraceContext();
    return sql`insert into outbox_events (id, name, payload, occurred_at, trace_context)
      select ${id}, ${event.name}, ${JSON.stringify(event.payload)}::jsonb, now(), ${trace && JSON.stringify(trace)}::jsonb
        from ${sql.table(source)}`;
  }

  /**
   * Erasure: deletes the events whose payload names the person (their id, their address as a test
   * mail's recipient, their name as a test mail's greeting), in the caller's transaction. Returns the events' ids for `removeJobs`.
   */
  async erase(em: EntityManager, person: { userId: string; email: string; fullName: string }): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      delete from outbox_events
       where payload->>'userId' = ${person.userId} or lower(payload->>'to') = ${person.email.toLowerCase()}
          or (name = 'TestEmailRequested' and lower(payload->>'fullName') = lower(${person.fullName}))
       returning id`.execute(em.getKysely());
    return rows.map((r) => r.id);
  }

  /**
   * Removes from Redis every job of these events (job ids are `<eventId>.<handler>`), waiting or
   * finished: their data carried the event's payload. A job running right now cannot be removed;
   * it finds its record gone and ends as skipped.
   */
  async removeJobs(eventIds: string[]) {
    if (!eventIds.length) return;
    const wanted = new Set(eventIds);
    for (const name of QUEUE_NAMES) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      const redis = (await queue.getBackend().client) as unknown as Redis;
      const prefix = `${queue.opts.prefix ?? 'bull'}:${name}:`;
      const jobIds = new Set<string>();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        for (const key of keys) {
          const jobId = key.slice(prefix.length).split(':')[0] ?? '';
          if (wanted.has(jobId.split('.')[0] ?? '')) jobIds.add(jobId);
        }
        cursor = next;
      } while (cursor !== '0');
      for (const id of jobIds) {
        await queue.remove(id).catch((err: unknown) => {
          this.logger.warn(`could not remove job ${id}: ${String(err)}`);
        });
      }
    }
  }
}
