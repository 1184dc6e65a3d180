import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { AccountsService } from '../identity/index.js';
import { DataExportsService, StorageService } from '../storage/index.js';
import { OutboxService } from '../events/outbox.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { ModuleRef } from '@nestjs/core';
import {
  DATA_EXPORT_BUILDER,
  MAINTENANCE_JOBS,
  type BuildDataExport,
  type DataExportBuilding,
  type EraseLeftovers,
} from './maintenance.jobs.js';

export const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Housekeeping. The hourly purge's schedule lives in Redis under a fixed id (BullMQ's job
 * scheduler), so however many workers start, it runs once per period.
 */
@Processor('maintenance', { autorun: false })
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    @InjectQueue('maintenance') private readonly queue: Queue,
    private readonly accounts: AccountsService,
    private readonly storage: StorageService,
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
    private readonly exports: DataExportsService,
    private readonly moduleRef: ModuleRef,
  ) {
    super();
  }

  async onApplicationBootstrap() {
    this.worker.on('error', (err) => {
      this.logger.warn(`worker: ${err.message}`);
    });
    void this.worker.run();
    await this.queue
      .upsertJobScheduler(MAINTENANCE_JOBS.purgeExpired, { every: PURGE_EVERY_MS }, { name: MAINTENANCE_JOBS.purgeExpired })
      .catch((err: unknown) => {
        this.logger.warn(`could not schedule the purge (${String(err)}); the next worker start retries`);
      });
  }

  async process(job: Job) {
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
