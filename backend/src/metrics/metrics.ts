import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Pool } from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * The process's Prometheus metrics (prom-client), served on OPS_PORT and never on the public api
 * (ops-server.ts). One registry per process, whatever the number of Nest applications in it (tests
 * make many): metrics are registered once, here. Node's own (event-loop lag, heap, GC, CPU) come from
 * collectDefaultMetrics; the queues' and the outbox's are read when scraped (queue-metrics.ts).
 */
const registry = new Registry();
/** How long a scrape waits for one figure read from Redis or PostgreSQL before leaving it out. */
const SCRAPE_READ_MS = 2000;
collectDefaultMetrics({ register: registry });

/** Every pg pool the ORM opens (orm.config.ts hands each over as it is created). */
const pools = new Set<Pool & { ended?: boolean }>();
export function watchPool(pool: Pool) {
  pools.add(pool);
}

new Gauge({
  name: 'mashrou_db_pool_connections',
  help: 'PostgreSQL connections of this process by state: in_use, idle, and waiting (callers waiting for one)',
  labelNames: ['state'],
  registers: [registry],
  collect() {
    const counts = { in_use: 0, idle: 0, waiting: 0 };
    for (const p of pools) {
      if (p.ended) {
        pools.delete(p);
        continue;
      }
      counts.in_use += p.totalCount - p.idleCount;
      counts.idle += p.idleCount;
      counts.waiting += p.waitingCount;
    }
    for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
  },
});

/** Requests by route template (never the raw path: ids would make a series per resource). */
const httpRequests = new Counter({
  name: 'mashrou_http_requests_total',
  help: 'Api requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'],
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'mashrou_http_request_duration_seconds',
  help: 'Api request duration, from arrival to the answer sent, by method and route template',
  labelNames: ['method', 'route'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const jobDuration = new Histogram({
  name: 'mashrou_job_duration_seconds',
  help: 'Queue job run time, by queue, handler and outcome (done, skipped, delayed, failed)',
  labelNames: ['queue', 'handler', 'outcome'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});
const jobWait = new Histogram({
  name: 'mashrou_job_wait_seconds',
  help: 'How long a job waited in its queue before a worker started it (from when it was due), by queue',
  labelNames: ['queue'],
  buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
  registers: [registry],
});
const eventLatency = new Histogram({
  name: 'mashrou_event_handled_seconds',
  help: "From an event's commit to its handler finishing (for a mail: commit to the SMTP server's acceptance), by handler",
  labelNames: ['handler'],
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});
const mails = new Counter({
  name: 'mashrou_mail_total',
  help: "Mails by template and outcome: sent (the SMTP server accepted it), failed (its job retries), deferred (the mailbox's hourly cap: it waits), dropped",
  labelNames: ['template', 'outcome'],
  registers: [registry],
});

export type JobOutcome = 'done' | 'skipped' | 'delayed' | 'failed';
export type MailOutcome = 'sent' | 'failed' | 'deferred' | 'dropped';
/** One series of a gauge read when scraped: its labels and its value. */
export type GaugeRow = [labels: Record<string, string>, value: number];

@Injectable()
export class Metrics {
  readonly registry = registry;

  request(method: string, route: string, status: number, seconds: number) {
    httpRequests.inc({ method, route, status });
    httpDuration.observe({ method, route }, seconds);
  }

  job(queue: string, handler: string, outcome: JobOutcome, seconds: number) {
    jobDuration.observe({ queue, handler, outcome }, seconds);
  }

  /** A job started: how long it waited since it was due (added, or its delay ran out). */
  jobStarted(queue: string, job: { timestamp: number; delay?: number; processedOn?: number; attemptsStarted?: number }) {
    // A retried or delayed job's `delay` counts from its last move, its `timestamp` from its first
    // add: only a first start has a meaningful due time.
    if ((job.attemptsStarted ?? 1) > 1) return;
    const due = job.timestamp + (job.delay ?? 0);
    jobWait.observe({ queue }, Math.max(0, ((job.processedOn ?? Date.now()) - due) / 1000));
  }

  /** An event's handler ended (done or skipped): how long since the event was committed. */
  eventHandled(handler: string, occurredAt: string) {
    eventLatency.observe({ handler }, Math.max(0, (Date.now() - Date.parse(occurredAt)) / 1000));
  }

  mail(template: string, outcome: MailOutcome) {
    mails.inc({ template, outcome });
  }

  /** A gauge read when scraped; `read` gives its value per label set. Registered once per name. */
  static gauge(name: string, help: string, labelNames: string[], read: () => Promise<GaugeRow[]>) {
    registry.removeSingleMetric(name);
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        // A dependency away (Redis, PostgreSQL) leaves these series out of this scrape, never the
        // whole scrape: the rest (and readiness) tell what is down.
        // (A worker's Redis connection waits for Redis to return: a read is given 2 s.)
        const rows = await Promise.race([read(), sleep(SCRAPE_READ_MS, [], { ref: false })]).catch(() => []);
        for (const [labels, value] of rows) this.set(labels, value);
      },
    });
  }
}
