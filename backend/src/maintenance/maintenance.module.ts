import { Module } from '@nestjs/common';
import type { QueueName } from '../config/config.js';
import { MaintenanceProcessor } from './maintenance.processor.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';

/** Scheduled housekeeping (worker only, when WORKER_QUEUES serves `maintenance`). */
@Module({})
export class MaintenanceModule {
  static forWorker(queues: readonly QueueName[]) {
    return { module: MaintenanceModule, imports: [RateLimitModule], providers: queues.includes('maintenance') ? [MaintenanceProcessor] : [] };
  }
}
