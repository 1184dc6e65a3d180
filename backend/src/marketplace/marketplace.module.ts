import { Module, type DynamicModule } from '@nestjs/common';
import { OnboardingModule } from '../onboarding/onboarding.module.js';
import { AdminProjectsController, ApplicationsController, BrowseController, CompanyProjectsController } from './marketplace.controller.js';
import { MarketplaceService } from './marketplace.service.js';
import { MARKETPLACE_EMAIL_HANDLERS } from './marketplace-emails.handlers.js';

@Module({})
export class MarketplaceModule {
  private static api?: DynamicModule;

  /** One instance, however many modules import it (the app, and admin for erasure). */
  static forApi(): DynamicModule {
    return (MarketplaceModule.api ??= {
      module: MarketplaceModule,
      imports: [OnboardingModule],
      controllers: [CompanyProjectsController, ApplicationsController, BrowseController, AdminProjectsController],
      providers: [MarketplaceService],
      exports: [MarketplaceService],
    });
  }

  static forWorker() {
    return { module: MarketplaceModule, providers: MARKETPLACE_EMAIL_HANDLERS };
  }
}
