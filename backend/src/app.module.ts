import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
import { coreImports } from './common/core-imports.js';
import { EventsModule } from './events/events.module.js';
import { HealthController } from './health/health.controller.js';
import { IdentityModule } from './identity/identity.module.js';
import { OnboardingModule } from './onboarding/onboarding.module.js';
import { AdminModule } from './admin/admin.module.js';
import { MarketplaceModule } from './marketplace/marketplace.module.js';
import { StorageModule } from './storage/storage.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';

/** The HTTP api. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreImports(config, 'api'),
        EventsModule.forApi(),
        IdentityModule.forApi(),
        OnboardingModule,
        AdminModule.forApi(),
        StorageModule,
        MarketplaceModule.forApi(),
        NotificationsModule.forApi(config.devTools),
      ],
      controllers: [HealthController],
    };
  }
}
