import { Inject, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { AccountsService } from '../identity/index.js';
import { DataExportsService, StorageService } from '../storage/index.js';
import { OutboxService } from '../events/outbox.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { DeadlinesService, SearchIndexService } from '../marketplace/index.js';
import { MaintenanceClock } from './maintenance.clock.js';
import { ModuleRef } from '@nestjs/core';
import { Metrics } from '../metrics/metrics.js';
import {
  DATA_EXPORT_BUILDER,
  MAINTENANCE_JOBS,
  type BuildDataExport,
  type DataExportBuilding,
  type EraseLeftovers,
} from './maintenance.jobs.js';

export const PURGE_EVERY_MS = 60 * 60_000;
/** The search index's words no listing has any more go once a day. */
const PRUNE_SEARCH_EVERY_MS = 24 * 60 * 60_000;

/**
 * Housekeeping and the marketplace's clock. Each schedule (the hourly purge, the deadline check,
 * the digests, the daily prune of search's words) lives in Redis under a fixed id (BullMQ's job
 * scheduler), so however many workers start, each runs once per period; the jobs themselves are safe
 * to run twice.
 */
@Processor('maintenance', { autorun: false })
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    @InjectQueue('maintenance') private readonly queue: Queue,
    private readonly accounts: AccountsService,
    private readonly storage: StorageService,
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
    private readonly deadlines: DeadlinesService,
    private readonly searchIndex: SearchIndexService,
    private readonly clock: MaintenanceClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exports: DataExportsService,
    private readonly moduleRef: ModuleRef,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  async onApplicationBootstrap() {
    this.worker.on('error', (err) => {
      this.logger.warn(`worker: ${err.message}`);
    });
    const ran = (job: Job | undefined, outcome: 'done' | 'failed') => {
      if (job?.processedOn && job.finishedOn) {
        this.metrics.job('maintenance', job.name, outcome, (job.finishedOn - job.processedOn) / 1000);
      }
    };
    this.worker.on('completed', (job) => {
      ran(job, 'done');
    });
    this.worker.on('failed', (job) => {
      ran(job, 'failed');
    });
    void this.worker.run();
    const schedules = [
      [MAINTENANCE_JOBS.purgeExpired, { every: PURGE_EVERY_MS }],
      [MAINTENANCE_JOBS.closeExpiredProjects, { every: this.config.DEADLINE_CHECK_EVERY_MS }],
      [MAINTENANCE_JOBS.companyDigest, { pattern: this.config.COMPANY_DIGEST_CRON, tz: 'UTC' }],
      [MAINTENANCE_JOBS.searchDigest, { pattern: this.config.SEARCH_DIGEST_CRON, tz: 'UTC' }],
      [MAINTENANCE_JOBS.pruneSearchIndex, { every: PRUNE_SEARCH_EVERY_MS }],
    ] as const;
    for (const [name, repeat] of schedules) {
      // Each run starts a trace of its own (not the context of the worker start that scheduled it).
      await this.queue
        .upsertJobScheduler(name, repeat, { name, opts: { telemetry: { omitContext: true } } })
        .catch((err: unknown) => {
          this.logger.warn(`could not schedule ${name} (${String(err)}); the next worker start retries`);
        });
    }
  }

  /** Running jobs finish before the database closes (see HandlerJobsProcessor). */
  async beforeApplicationShutdown() {
    await this.worker.close();
  }

  async process(job: Job) {
    this.metrics.jobStarted('maintenance', job);
    switch (job.name) {
      case MAINTENANCE_JOBS.purgeExpired: {
        const purged = {
          ...(await this.accounts.purgeExpired()),
          usageReconciled: await this.storage.reconcileUsage(),
          dataExports: await this.exports.purgeExpired(),
        };
        this.logger.log({
          msg: 'purged expired sessions, codes, reset links and data exports; reconciled storage usage',
          ...purged,
        });
        return purged;
      }
      case MAINTENANCE_JOBS.closeExpiredProjects: {
        const now = this.clock.now();
        const closed = await this.deadlines.closeExpired(now);
        if (closed) this.logger.log({ msg: 'closed projects past their deadline', closed });
        const overdue = await this.deadlines.remindOverdueMilestones(now);
        if (overdue) this.logger.log({ msg: 'reminded both sides of overdue milestones', overdue });
        return { closed, overdue };
      }
      case MAINTENANCE_JOBS.companyDigest: {
        const companies = await this.deadlines.queueDigests(this.clock.now());
        this.logger.log({ msg: 'weekly digest of waiting applicants queued', companies });
        return { companies };
      }
      case MAINTENANCE_JOBS.searchDigest: {
        const students = await this.deadlines.queueSearchDigests();
        this.logger.log({ msg: 'daily digests of saved searches queued', students });
        return { students };
      }
      case MAINTENANCE_JOBS.pruneSearchIndex: {
        const pruned = await this.searchIndex.prune();
        this.logger.log({ msg: 'pruned the words no listing has any more from the search index', ...pruned });
        return pruned;
      }
      case MAINTENANCE_JOBS.eraseLeftovers: {
        const data = job.data as EraseLeftovers;
        await this.outbox.removeJobs(data.eventIds);
        await this.limits.forget(data.fragments);
        return 'done';
      }
      case MAINTENANCE_JOBS.buildDataExport: {
        const { exportId } = job.data as BuildDataExport;
        const builder = this.moduleRef.get<DataExportBuilding>(DATA_EXPORT_BUILDER, { strict: false });
        return builder.build(exportId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
      }
      default:
        throw new Error(`unknown maintenance job "${job.name}"`);
    }
  }
}
