import { Inject, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { isDependencyUnavailable } from '../common/dependency-unavailable.js';
import { RunAgainAt } from './event-handler.js';
import { EventHandlerRegistry } from './event-handler.registry.js';
import type { HandlerJobData } from './outbox.relay.js';
import { Metrics, type JobOutcome } from '../metrics/metrics.js';
import { describeJob } from '../telemetry/spans.js';

/**
 * Runs the jobs the relay enqueued, one per event and handler, from the `notifications` queue (the
 * name is historical: every event handler runs here, not only mail). Started only in workers whose
 * WORKER_QUEUES name it; concurrency and locks come from the validated config (handlerWorkerOptions,
 * given to BullMQ when HandlerJobsModule.forWorker builds the worker), so the worker starts paused.
 */
/**
 * The worker's options from the config. They must reach BullMQ's constructor: the lock manager takes
 * its lock duration and renewal period there, so changing them on a running worker only shortened
 * the first lock — jobs longer than JOB_LOCK_MS then lost it, were run again by another worker and
 * their mail went out twice (seen: 68 of 1,000).
 */
export const handlerWorkerOptions = (config: AppConfig) => ({
  autorun: false,
  concurrency: config.WORKER_CONCURRENCY,
  lockDuration: config.JOB_LOCK_MS,
  lockRenewTime: Math.floor(config.JOB_LOCK_MS / 2),
  // Checked every half lock: a dead worker's job runs again within about 1.5 × JOB_LOCK_MS.
  stalledInterval: Math.max(500, Math.floor(config.JOB_LOCK_MS / 2)),
});

/** How long a job keeps waiting for an unreachable database or Redis (from its first such failure) before its attempts count again. */
export const OUTAGE_WAIT_MS = 60 * 60_000;

@Processor('notifications', { autorun: false })
export class HandlerJobsProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(HandlerJobsProcessor.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: EventHandlerRegistry,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  onApplicationBootstrap() {
    this.worker.on('failed', (job, err) => {
      this.logger.warn({ msg: 'job failed', jobId: job?.id, attempt: job?.attemptsMade, err: err.message });
    });
    this.worker.on('error', (err) => {
      this.logger.warn(`worker: ${err.message}`);
    });
    void this.worker.run();
  }

  /**
   * A stop lets the running jobs finish while the database and Redis are still open: @nestjs/bullmq
   * closes its workers in the same shutdown phase as the ORM closes its pool, so a job could send its
   * mail, fail to record it, and be sent again by another worker (seen: 84 of 1,000 mails twice).
   */
  async beforeApplicationShutdown() {
    await this.worker.close();
  }

  async process(job: Job<HandlerJobData>, token?: string) {
    const started = performance.now();
    this.metrics.jobStarted('notifications', job);
    describeJob({
      'mashrou.event': job.data.event.name,
      'mashrou.handler': job.data.handler,
      'messaging.message.id': String(job.id),
    });
    let outcome: JobOutcome = 'failed';
    try {
      const result = await this.run(job, token);
      outcome = result === 'skipped' ? 'skipped' : 'done';
      this.metrics.eventHandled(job.data.handler, job.data.event.occurredAt);
      return result;
    } catch (err) {
      if (err instanceof DelayedError) outcome = 'delayed';
      throw err;
    } finally {
      this.metrics.job('notifications', job.data.handler, outcome, (performance.now() - started) / 1000);
    }
  }

  private async run(job: Job<HandlerJobData>, token?: string) {
    const { event, handler } = job.data;
    const registered = this.registry.find(event.name, handler);
    if (!registered) throw new Error(`No handler "${handler}" for ${event.name}`);
    try {
      return await registered.instance.handle(event, {
        jobKey: String(job.id),
        attempt: job.attemptsMade + 1,
        deferred: job.data.deferred === true,
      });
    } catch (err) {
      const outageSince = job.data.outageSince ?? Date.now();
      if (isDependencyUnavailable(err) && Date.now() - outageSince < OUTAGE_WAIT_MS) {
        // The database is away (a restart, a failover): the job waits for it without spending an
        // attempt, so an outage longer than the retry budget (JOB_ATTEMPTS) loses no mail. Its waits
        // double from JOB_BACKOFF_MS up to a minute; OUTAGE_WAIT_MS after its first such failure it
        // retries like any failure. (With Redis away the job cannot be moved: BullMQ's stalled-job
        // check runs it again once Redis is back.)
        const wait = Math.min(this.config.JOB_BACKOFF_MS * 2 ** Math.min(Math.max(job.attemptsStarted - 1, 0), 16), 60_000);
        this.logger.warn({
          msg: 'job waits for the database or Redis',
          jobId: job.id,
          waitMs: wait,
          err: (err as Error).message,
        });
        if (job.data.outageSince === undefined) await job.updateData({ ...job.data, outageSince });
        await job.moveToDelayed(Date.now() + wait, token);
        throw new DelayedError();
      }
      if (!(err instanceof RunAgainAt)) throw err;
      // A job kept waiting too long (a mail behind a day-long flood) is stale: dropped, not queued forever.
      if (err.staleAfterMs !== undefined && Date.now() - job.timestamp > err.staleAfterMs) {
        this.logger.warn({ msg: `job dropped: ${err.message}, for too long`, jobId: job.id });
        return 'skipped';
      }
      // Not a failure: the job waits until it is due (its address may receive again, its summary's
      // window has ended); no attempt is spent. A job its handler delayed is told so when it runs again.
      if (err.tellHandler && !job.data.deferred) await job.updateData({ ...job.data, deferred: true });
      await job.moveToDelayed(err.at, token);
      throw new DelayedError();
    }
  }
}
