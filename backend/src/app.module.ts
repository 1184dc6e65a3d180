import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
import { coreImports } from './core-imports.js';
import { HealthModule } from './health/health.module.js';
import { IdentityModule } from './identity/index.js';
import { OnboardingModule } from './onboarding/index.js';
import { AdminModule } from './admin/index.js';
import { MarketplaceModule } from './marketplace/index.js';
import { StorageModule } from './storage/index.js';
import { MailModule } from './mail/index.js';
import { InboxApiModule } from './notifications/index.js';
import { PrivacyModule } from './privacy/index.js';

/** The HTTP api. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreImports(config, 'api'),
        IdentityModule.forApi(),
        OnboardingModule.forApi(),
        AdminModule.forApi(),
        StorageModule,
        MarketplaceModule.forApi(),
        InboxApiModule,
        MailModule.forApi(config.devTools),
        PrivacyModule.forApi(),
        HealthModule.forRoot('api'),
      ],
    };
  }
}
