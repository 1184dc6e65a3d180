import { Module } from '@nestjs/common';
import type { QueueName } from '../config/config.js';
import { EventsModule } from '../events/events.module.js';
import { IdentityModule } from '../identity/index.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { StorageModule } from '../storage/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { MaintenanceClock } from './maintenance.clock.js';
import { MaintenanceProcessor } from './maintenance.processor.js';

/** Scheduled housekeeping (worker only, when WORKER_QUEUES serves `maintenance`). */
@Module({})
export class MaintenanceModule {
  static forWorker(queues: readonly QueueName[]) {
    return {
      module: MaintenanceModule,
      imports: [IdentityModule.forWorker(), MarketplaceModule.forWorker(), StorageModule, EventsModule, RateLimitModule],
      providers: [MaintenanceClock, ...(queues.includes('maintenance') ? [MaintenanceProcessor] : [])],
    };
  }
}
