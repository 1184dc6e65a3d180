import { Module } from '@nestjs/common';
import type { QueueName } from '../config/config.js';
import { MaintenanceProcessor } from './maintenance.processor.js';

/** Scheduled housekeeping (worker only, when WORKER_QUEUES serves `maintenance`). */
@Module({})
export class MaintenanceModule {
  static forWorker(queues: readonly QueueName[]) {
    return { module: MaintenanceModule, providers: queues.includes('maintenance') ? [MaintenanceProcessor] : [] };
  }
}
