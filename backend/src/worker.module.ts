import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
import { coreImports } from './core-imports.js';
import { EventRelayModule, HandlerJobsModule } from './events/events.module.js';
import { IdentityModule } from './identity/index.js';
import { OnboardingModule } from './onboarding/index.js';
import { AdminModule } from './admin/index.js';
import { MarketplaceModule } from './marketplace/index.js';
import { MailModule } from './mail/index.js';
import { MaintenanceModule } from './maintenance/index.js';
import { PrivacyModule } from './privacy/index.js';
import { RedisPolicyCheck } from './queues/redis-policy.check.js';
import { HealthModule } from './health/health.module.js';

/** The worker: the outbox relay and the queue processors chosen by WORKER_QUEUES; no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ...coreImports(config, 'worker'),
        EventRelayModule,
        HandlerJobsModule.forWorker(config),
        MailModule.forWorker(),
        IdentityModule.forWorker(),
        OnboardingModule.forWorker(),
        AdminModule.forWorker(),
        MarketplaceModule.forWorker(),
        MaintenanceModule.forWorker(config.WORKER_QUEUES),
        PrivacyModule.forWorker(),
        HealthModule.forRoot('worker'),
      ],
      providers: [RedisPolicyCheck],
    };
  }
}
