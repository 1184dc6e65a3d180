import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { IdentityService } from '../identity/identity.service.js';

/** The repeatable jobs of the `maintenance` queue, by name. */
export const MAINTENANCE_JOBS = { purgeExpired: 'purge-expired' } as const;
export const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Housekeeping on a schedule. The schedule lives in Redis under a fixed id (BullMQ's job
 * scheduler), so however many workers start, it runs once per period.
 */
@Processor('maintenance', { autorun: false })
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    @InjectQueue('maintenance') private readonly queue: Queue,
    private readonly identity: IdentityService,
  ) {
    super();
  }

  async onApplicationBootstrap() {
    this.worker.on('error', (err) => this.logger.warn(`worker: ${err.message}`));
    void this.worker.run();
    await this.queue
      .upsertJobScheduler(MAINTENANCE_JOBS.purgeExpired, { every: PURGE_EVERY_MS }, { name: MAINTENANCE_JOBS.purgeExpired })
      .catch((err: Error) => this.logger.warn(`could not schedule the purge (${err.message}); the next worker start retries`));
  }

  async process(job: Job) {
    if (job.name !== MAINTENANCE_JOBS.purgeExpired) throw new Error(`unknown maintenance job "${job.name}"`);
    const purged = await this.identity.purgeExpired();
    this.logger.log({ msg: 'purged expired sessions, codes and reset links', ...purged });
    return purged;
  }
}
