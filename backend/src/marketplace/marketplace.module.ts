import { Module, type DynamicModule } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { EventsModule } from '../events/events.module.js';
import { IdentityModule } from '../identity/index.js';
import { DeliveryModule, InboxModule } from '../notifications/index.js';
import { OnboardingModule } from '../onboarding/index.js';
import { StorageModule } from '../storage/index.js';
import { ApplicationsService } from './applications.service.js';
import { BrowseService } from './browse.service.js';
import { AdminProjectsController, CompanyProjectsController, StudentMarketplaceController } from './marketplace.controller.js';
import { MARKETPLACE_EMAIL_HANDLERS } from './marketplace-emails.handlers.js';
import { ModerationService } from './moderation.service.js';
import { ProjectsService } from './projects.service.js';
import { MarketplaceRecords } from './records.service.js';

/** Projects and applications (tables `projects`, `applications`). */
@Module({})
export class MarketplaceModule {
  private static api?: DynamicModule;

  /** One instance per process, however many modules import it (the app, and admin). */
  static forApi(): DynamicModule {
    return (MarketplaceModule.api ??= {
      module: MarketplaceModule,
      imports: [IdentityModule.forApi(), OnboardingModule.forApi(), StorageModule, AuditModule, EventsModule],
      controllers: [CompanyProjectsController, StudentMarketplaceController, AdminProjectsController],
      providers: [ProjectsService, ApplicationsService, BrowseService, ModerationService, MarketplaceRecords],
      exports: [MarketplaceRecords],
    });
  }

  private static worker?: DynamicModule;

  /** Mail to companies and students; the records the admin module's handlers read. */
  static forWorker(): DynamicModule {
    return (MarketplaceModule.worker ??= {
      module: MarketplaceModule,
      imports: [IdentityModule.forWorker(), DeliveryModule, InboxModule],
      providers: [...MARKETPLACE_EMAIL_HANDLERS, MarketplaceRecords],
      exports: [MarketplaceRecords],
    });
  }
}
