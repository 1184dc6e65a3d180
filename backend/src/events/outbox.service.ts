import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxEventSchema } from '../database/entities.js';
import type { DomainEvent } from './event-catalogue.js';

/**
 * Publishes domain events through the transactional outbox: the row is persisted with the caller's
 * EntityManager, so it commits (or rolls back) with the change that caused it.
 */
@Injectable()
export class OutboxService {
  publish(em: EntityManager, event: DomainEvent): string {
    const id = randomUUID();
    em.persist(
      em.create(OutboxEventSchema, {
        id,
        name: event.name,
        payload: { ...event.payload },
        occurredAt: new Date(),
        dispatchedAt: null,
      }),
    );
    return id;
  }
}
