import { applyDecorators, Injectable, type CustomDecorator } from '@nestjs/common';
import { DiscoveryService, type DiscoverableDecorator } from '@nestjs/core';
import type { QueueName } from '../config/config.js';
import type { EventName, PublishedEvent } from './event-catalogue.js';

export interface EventHandlerMeta {
  event: EventName;
  /** Unique per event; part of the job id (see `handlerJobId`), so renaming a handler re-sends. */
  name: string;
  queue: QueueName;
}

/** What a handler returns: `skipped` when the record it needed has vanished (not a failure). */
export type HandlerResult = 'done' | 'skipped';

/**
 * Thrown by a handler whose work is due later (a grouped mail whose window has not ended): the job
 * waits in the queue until `at` and runs again, without spending an attempt.
 */
export class RunAgainAt extends Error {
  constructor(
    readonly at: number,
    why: string,
    /** Whether the handler is told, when the job runs again, that it delayed it (`HandlerContext.deferred`). */
    readonly tellHandler = true,
    /** A job still waiting this long after it was queued is dropped. */
    readonly staleAfterMs?: number,
  ) {
    super(`due later: ${why}`);
    this.name = 'RunAgainAt';
  }
}

export interface HandlerContext {
  /** The job id, stable across retries and replays: the idempotency key. */
  jobKey: string;
  attempt: number;
  /** The job ran before and its handler delayed it (RunAgainAt, not a mailbox's allowance). */
  deferred: boolean;
}

export interface EventHandler<N extends EventName = EventName> {
  handle(event: PublishedEvent<N>, ctx: HandlerContext): Promise<HandlerResult>;
}

const discoverable = DiscoveryService.createDecorator<EventHandlerMeta>();
/** Makes a class an injectable provider handling one event; the relay enqueues one job per handler. */
export const HandlesEvent: DiscoverableDecorator<EventHandlerMeta> = Object.assign(
  (meta?: EventHandlerMeta) => applyDecorators(Injectable(), discoverable(meta)) as CustomDecorator,
  { KEY: discoverable.KEY },
);

/**
 * The fixed job id of one handler's job for one event: `<eventId>.<handler>`. (DESIGN says
 * `<eventId>:<handler>`; BullMQ 6 rejects ':' in custom job ids, so the separator is '.'.)
 */
export const handlerJobId = (eventId: string, handler: string) => `${eventId}.${handler}`;
