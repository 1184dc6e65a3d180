import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
import { coreImports } from './common/core-imports.js';
import { EventsModule } from './events/events.module.js';
import { IdentityModule } from './identity/identity.module.js';
import { AdminModule } from './admin/admin.module.js';
import { MarketplaceModule } from './marketplace/marketplace.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { RedisPolicyCheck } from './queues/redis-policy.check.js';
import { MaintenanceModule } from './maintenance/maintenance.module.js';
import { StorageModule } from './storage/storage.module.js';

/** The worker: the outbox relay and the queue processors chosen by WORKER_QUEUES; no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ...coreImports(config, 'worker'),
        EventsModule.forWorker(),
        NotificationsModule.forWorker(config.WORKER_QUEUES),
        IdentityModule.forWorker(),
        AdminModule.forWorker(),
        MarketplaceModule.forWorker(),
        StorageModule,
        MaintenanceModule.forWorker(config.WORKER_QUEUES),
      ],
      providers: [RedisPolicyCheck],
    };
  }
}
