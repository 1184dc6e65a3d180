import { Module, type DynamicModule } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { EventsModule } from '../events/events.module.js';
import { IdentityModule } from '../identity/index.js';
import { DeliveryModule } from '../mail/index.js';
import { InboxModule, NotifierModule } from '../notifications/index.js';
import { OnboardingModule } from '../onboarding/index.js';
import { StorageModule } from '../storage/index.js';
import { ApplicationsService } from './applications.service.js';
import { BrowseService } from './browse.service.js';
import {
  AdminProjectsController,
  CompanyProjectsController,
  MessagesController,
  StudentMarketplaceController,
} from './marketplace.controller.js';
import { WorkspaceController } from './workspace.controller.js';
import { WorkspaceService } from './workspace.service.js';
import { ReviewModerationService } from './review-moderation.service.js';
import { CertificatesService } from './certificates.service.js';
import { CertificatesController } from './certificates.controller.js';
import { PortfoliosService } from './portfolios.service.js';
import { PortfoliosController } from './portfolios.controller.js';
import { SavedSearchesService } from './saved-searches.service.js';
import { SavedSearchesController } from './saved-searches.controller.js';
import { MessagesService } from './messages.service.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { MARKETPLACE_NOTICE_HANDLERS } from './notices.handlers.js';
import { ModerationService } from './moderation.service.js';
import { ProjectsService } from './projects.service.js';
import { MarketplaceRecords } from './records.service.js';
import { DeadlinesService } from './deadlines.service.js';
import { SearchIndexService } from './search-index.service.js';
import { ApplicantMailWindows } from './applicant-mail-windows.js';
import { ResponseTimesService } from './response-times.service.js';

/** Projects, applications and the messages on them (tables `projects`, `applications`, `messages`). */
@Module({})
export class MarketplaceModule {
  private static api?: DynamicModule;

  /** One instance per process, however many modules import it (the app, and admin). */
  static forApi(): DynamicModule {
    return (MarketplaceModule.api ??= {
      module: MarketplaceModule,
      imports: [
        IdentityModule.forApi(),
        OnboardingModule.forApi(),
        StorageModule,
        AuditModule,
        EventsModule,
        RateLimitModule,
        InboxModule,
      ],
      controllers: [
        CompanyProjectsController,
        StudentMarketplaceController,
        AdminProjectsController,
        MessagesController,
        WorkspaceController,
        CertificatesController,
        PortfoliosController,
        SavedSearchesController,
      ],
      providers: [
        ProjectsService,
        ApplicationsService,
        BrowseService,
        ModerationService,
        MessagesService,
        WorkspaceService,
        ReviewModerationService,
        CertificatesService,
        PortfoliosService,
        SavedSearchesService,
        MarketplaceRecords,
        ResponseTimesService,
      ],
      exports: [MarketplaceRecords],
    });
  }

  private static worker?: DynamicModule;

  /** What companies, students and admins are told (in the app and by email); the records the admin module's handlers read. */
  static forWorker(): DynamicModule {
    return (MarketplaceModule.worker ??= {
      module: MarketplaceModule,
      imports: [IdentityModule.forWorker(), DeliveryModule, NotifierModule, EventsModule, RateLimitModule],
      providers: [...MARKETPLACE_NOTICE_HANDLERS, MarketplaceRecords, DeadlinesService, SearchIndexService, ApplicantMailWindows],
      exports: [MarketplaceRecords, DeadlinesService, SearchIndexService],
    });
  }
}
