import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'kysely';
import { MikroORM, type EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import pg from 'pg';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { QUEUE_NAMES, jobOptions, producerRedisOptions, type QueueName } from '../queues/queues.js';
import { EventHandlerRegistry } from './event-handler.registry.js';
import { handlerJobId } from './event-handler.js';
import type { EventName, PublishedEvent } from './event-catalogue.js';
import type { OutboxEventSchema } from './events.entities.js';
import { relaySpan } from '../telemetry/spans.js';

type EventsDB = InferKyselyDB<typeof OutboxEventSchema>;

export interface HandlerJobData {
  event: PublishedEvent;
  handler: string;
  /** Set when the handler delayed its job (RunAgainAt): it runs again knowing so. */
  deferred?: boolean;
  /** When the job first failed for an unreachable database or Redis (ms since the epoch). */
  outageSince?: number;
}

interface HandlerJob {
  name: string;
  data: HandlerJobData;
  opts: { jobId: string; telemetry?: { metadata: string } };
}

export const RELAY_CHANNEL = 'outbox_events';

/**
 * Moves committed outbox rows to BullMQ: claims them with FOR UPDATE SKIP LOCKED (so relays in
 * several workers never take the same row), adds one job per handler with the fixed id
 * `<eventId>.<handler>` (so a replay after a crash adds nothing twice), then marks them dispatched in
 * the same transaction. Woken by LISTEN/NOTIFY, with a slow poll as fallback. If Redis is away the
 * transaction rolls back and the rows wait for the next pass. A row's trace context (telemetry/spans.ts)
 * goes on into its jobs.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly queues = new Map<QueueName, Queue>();
  private listener?: pg.Client;
  private pollTimer?: NodeJS.Timeout;
  private reconnectTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly registry: EventHandlerRegistry,
  ) {}

  /** Whether this process relays (WORKER_RELAY) and has not stopped. */
  get relaying() {
    return !this.stopped;
  }

  /** Whether its LISTEN connection is up (while it is down, the relay polls and reconnects). */
  get listening() {
    return this.listener !== undefined;
  }

  async onApplicationBootstrap() {
    if (!this.config.WORKER_RELAY) return;
    await this.start();
  }

  /** Its pass in flight ends while the database and Redis are still open. */
  async beforeApplicationShutdown() {
    await this.stop();
  }

  async start() {
    this.stopped = false;
    for (const name of QUEUE_NAMES) {
      const queue = new Queue(name, {
        connection: producerRedisOptions(this.config),
        prefix: this.config.QUEUE_PREFIX,
        defaultJobOptions: jobOptions(this.config),
      });
      queue.on('error', (err) => {
        this.logger.warn(`queue ${name}: ${err.message}`);
      });
      this.queues.set(name, queue);
    }
    await this.listen();
    this.pollTimer = setInterval(() => {
      this.wake();
    }, this.config.OUTBOX_POLL_MS);
    this.wake();
  }

  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.pollTimer);
    clearTimeout(this.reconnectTimer);
    await this.running;
    await this.listener?.end().catch(() => undefined);
    await Promise.all([...this.queues.values()].map((q) => q.close().catch(() => undefined)));
    this.queues.clear();
  }

  /** Runs a drain now, or right after the current one: wake-ups are never lost, never concurrent. */
  wake() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.drain();
        } catch (err) {
          this.logger.warn(`outbox relay pass failed, will retry: ${(err as Error).message}`);
        }
      } while (this.wokenMeanwhile());
    })().finally(() => {
      this.running = undefined;
    });
  }

  /** Whether a wake-up arrived while the last drain ran (read through a method: it changes across awaits). */
  private wokenMeanwhile() {
    return this.again && !this.stopped;
  }

  /** Dispatches every pending row, batch by batch; returns how many rows were dispatched. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.dispatchBatch();
      total += n;
      if (n < this.config.OUTBOX_BATCH_SIZE || this.stopped) return total;
    }
  }

  private async dispatchBatch(): Promise<number> {
    // The rows' relay spans end once their transaction has committed (or failed).
    const spans: NonNullable<ReturnType<typeof relaySpan>>[] = [];
    try {
      const n = await this.orm.em.fork().transactional((tx) => this.dispatchIn(tx, spans));
      for (const span of spans) span.end();
      return n;
    } catch (err) {
      for (const span of spans) span.end(err);
      throw err;
    }
  }

  private async dispatchIn(tx: EntityManager, spans: NonNullable<ReturnType<typeof relaySpan>>[]): Promise<number> {
    const db = tx.getKysely<EventsDB>({ convertValues: true });
    const rows = await db
      .selectFrom('outbox_events')
      .select(['id', 'name', 'payload', 'occurred_at', 'trace_context'])
      .where('dispatched_at', 'is', null)
      .orderBy('occurred_at')
      .orderBy('id')
      .limit(this.config.OUTBOX_BATCH_SIZE)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return 0;
    const byQueue = new Map<QueueName, HandlerJob[]>();
    for (const row of rows) {
      const occurredAt = new Date(row.occurred_at);
      const event: PublishedEvent = {
        id: row.id,
        name: row.name as EventName,
        payload: row.payload as PublishedEvent['payload'],
        occurredAt: occurredAt.toISOString(),
      };
      // The row's trace goes on: a relay span under it, carried by each job (BullMQ's telemetry option).
      const span = relaySpan({ id: row.id, name: row.name, trace: row.trace_context, occurredAt });
      if (span) spans.push(span);
      for (const h of this.registry.handlersFor(row.name)) {
        const jobs = byQueue.get(h.queue) ?? [];
        jobs.push({
          name: h.name,
          data: { event, handler: h.name },
          opts: { jobId: handlerJobId(row.id, h.name), ...(span && { telemetry: { metadata: span.metadata } }) },
        });
        byQueue.set(h.queue, jobs);
      }
    }
    for (const [queueName, jobs] of byQueue) {
      const queue = this.queues.get(queueName);
      if (!queue) throw new Error(`no queue ${queueName}`);
      await queue.addBulk(jobs);
    }
    await db
      .updateTable('outbox_events')
      .set({ dispatched_at: sql`now()` })
      .where('id', '=', (eb) => eb.fn.any(eb.val(rows.map((r) => r.id))))
      .execute();
    this.logger.debug(`dispatched ${rows.length} event(s)`);
    return rows.length;
  }

  private async listen() {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL });
    client.on('notification', () => {
      this.wake();
    });
    client.on('error', (err) => {
      this.logger.warn(`outbox listener lost (${err.message}); polling until it reconnects`);
      this.scheduleReconnect(client);
    });
    client.on('end', () => {
      this.scheduleReconnect(client);
    });
    try {
      await client.connect();
      await client.query(`listen ${RELAY_CHANNEL}`);
      this.listener = client;
    } catch (err) {
      this.logger.warn(`outbox listener could not connect (${(err as Error).message}); polling meanwhile`);
      this.scheduleReconnect(client);
    }
  }

  private scheduleReconnect(client: pg.Client) {
    if (this.stopped || this.reconnectTimer || (this.listener && this.listener !== client)) return;
    this.listener = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.listen().then(() => {
        this.wake();
      });
    }, 2000);
  }
}
