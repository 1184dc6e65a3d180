import { Injectable, Logger, Optional, ServiceUnavailableException } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import {
  HealthCheckService,
  HealthIndicatorService,
  MikroOrmHealthIndicator,
  type HealthCheckResult,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import type { api, ResponseOf } from '@mashrou/contracts';
import { OutboxRelay } from '../events/outbox.relay.js';
import { outboxBacklog } from '../events/outbox-backlog.js';

/** Past this, an event waiting in the outbox means no relay is moving them: degraded (and an alert). */
export const OUTBOX_LAG_DEGRADED_S = 60;
/** A check that has not answered by then counts as down: a probe must not hang on a dependency. */
const CHECK_TIMEOUT_MS = 2000;
/**
 * Probes, load balancers and anyone on the internet may ask often: one check per dependency per
 * second at most, whatever the rate of asking (terminus shares one run among concurrent callers).
 */
const CACHE_MS = 1000;

/** Ready for traffic: every check up, or only degraded ones (still serving). */
export const isReady = (status: HealthCheckResult['status']) => status === 'ok' || status === 'degraded';

/** What readiness answers: up, degraded or down per dependency (the contract's `health.ready`). */
export type PublicHealth = ResponseOf<typeof api.health.ready>;

/**
 * Whether this process should be sent work, as an orchestrator asks it (`@nestjs/terminus`):
 * PostgreSQL and Redis answer and the process is not stopping. The outbox is reported beside them:
 * `degraded` (still 200) when its oldest waiting event is over a minute old, or, in a worker that
 * runs the relay, when the relay's LISTEN connection is lost and it only polls. It never fails
 * readiness: taking replicas out of service would not move a single event, it would only turn late
 * mail into an outage (the outbox alert in deploy/observability calls someone instead).
 */
@Injectable()
export class Readiness {
  private readonly logger = new Logger(Readiness.name);
  private stopping = false;
  /** The outbox's figures, shared by every check within CACHE_MS (the probe is public). */
  private backlog?: { at: number; value: Promise<{ oldestPendingSeconds: number }> };

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly database: MikroOrmHealthIndicator,
    private readonly orm: MikroORM,
    @InjectQueue('notifications') private readonly queue: Queue,
    @Optional() private readonly relay?: OutboxRelay,
  ) {}

  /** From now on readiness answers 503 with `process` down: called on SIGTERM, before anything stops. */
  beginStop() {
    this.stopping = true;
  }

  async check(): Promise<PublicHealth> {
    let result: HealthCheckResult;
    try {
      result = await this.health.check([
        () => this.database.pingCheck('database').withTimeout(CHECK_TIMEOUT_MS).cacheFor(CACHE_MS),
        () =>
          this.indicators
            .check('redis')
            .attempt(() => this.queue.getJobCounts('waiting'))
            .withTimeout(CHECK_TIMEOUT_MS)
            .cacheFor(CACHE_MS),
        () => this.outbox(),
        () => this.process(),
      ]);
    } catch (err) {
      if (!(err instanceof ServiceUnavailableException)) throw err;
      result = err.getResponse() as HealthCheckResult;
    }
    return publicView(result);
  }

  private process(): HealthIndicatorResult<'process'> {
    const check = this.indicators.check('process');
    return this.stopping ? check.down() : check.up();
  }

  private async outbox(): Promise<HealthIndicatorResult<'outbox'>> {
    const check = this.indicators.check('outbox');
    try {
      if (!this.backlog || performance.now() - this.backlog.at > CACHE_MS) {
        this.backlog = { at: performance.now(), value: outboxBacklog(this.orm.em.fork()) };
      }
      const { oldestPendingSeconds } = await this.backlog.value;
      // A relay that lost its LISTEN connection still polls (every OUTBOX_POLL_MS): slower, not stopped.
      const relayDeaf = this.relay?.relaying === true && !this.relay.listening;
      return relayDeaf || oldestPendingSeconds > OUTBOX_LAG_DEGRADED_S
        ? check.degraded({ oldestPendingSeconds })
        : check.up({ oldestPendingSeconds });
    } catch (err) {
      // The database check says why the database is away; the outbox is then simply unknown.
      this.logger.debug(`outbox backlog unknown: ${(err as Error).message}`);
      return check.down();
    }
  }
}

/** Up, degraded or down per dependency and timings: never an error's text (that stays in the log). */
function publicView(result: HealthCheckResult): PublicHealth {
  const details: PublicHealth['details'] = {};
  for (const [key, value] of Object.entries(result.details)) {
    const { status, responseTime, oldestPendingSeconds } = value as PublicHealth['details'][string];
    details[key] = {
      status,
      ...(typeof responseTime === 'number' && { responseTime }),
      ...(typeof oldestPendingSeconds === 'number' && { oldestPendingSeconds }),
    };
  }
  return { status: result.status, details };
}
