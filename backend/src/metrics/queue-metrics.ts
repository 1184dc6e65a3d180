import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import { QUEUE_NAMES } from '../queues/queues.js';
import { outboxBacklog } from '../events/outbox-backlog.js';
import { Metrics, type GaugeRow } from './metrics.js';

/** The states a queue's jobs are counted in (BullMQ's getJobCounts). */
const STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * What waits, read when Prometheus scrapes a worker: each queue's jobs by state and its backlog, and
 * the outbox's. The backlog is what more workers would take on now: waiting + prioritized + delayed
 * jobs already due. (KEDA's Redis list trigger reads the length of the `wait` list alone: it misses
 * prioritized jobs, a sorted set, and delayed ones that came due while no worker ran; the worker
 * ScaledObject scales on this metric instead: README "Scaling workers".)
 */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly orm: MikroORM,
  ) {}

  onModuleInit() {
    const queues = QUEUE_NAMES.map((name) => this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
    Metrics.gauge('mashrou_queue_jobs', 'Jobs in each queue by state (BullMQ)', ['queue', 'state'], async () => {
      const rows: GaugeRow[] = [];
      for (const queue of queues) {
        const counts = await queue.getJobCounts(...STATES);
        for (const state of STATES) rows.push([{ queue: queue.name, state }, counts[state] ?? 0]);
      }
      return rows;
    });
    Metrics.gauge(
      'mashrou_queue_backlog',
      'Jobs a worker could start now: waiting + prioritized + delayed already due (what the worker autoscaler reads)',
      ['queue'],
      async () =>
        Promise.all(
          queues.map(async (queue) => {
            const counts = await queue.getJobCounts('waiting', 'prioritized');
            // BullMQ counts the delayed jobs due before a time (its own getDelayedCount).
            const due = await queue.getDelayedCount(Date.now());
            return [{ queue: queue.name }, (counts.waiting ?? 0) + (counts.prioritized ?? 0) + due] as GaugeRow;
          }),
        ),
    );
    Metrics.gauge('mashrou_outbox_pending', 'Committed events no relay has handed to the queues yet', [], async () => {
      const { pending } = await outboxBacklog(this.orm.em.fork());
      return [[{}, pending]];
    });
    Metrics.gauge(
      'mashrou_outbox_oldest_pending_seconds',
      'Age of the oldest event still waiting in the outbox (0 when none waits)',
      [],
      async () => {
        const { oldestPendingSeconds } = await outboxBacklog(this.orm.em.fork());
        return [[{}, oldestPendingSeconds]];
      },
    );
  }
}
