import { Module, type DynamicModule } from '@nestjs/common';
import { AdminModule } from '../admin/index.js';
import { AuditModule } from '../audit/index.js';
import { EventsModule } from '../events/events.module.js';
import { IdentityModule } from '../identity/index.js';
import { DATA_EXPORT_BUILDER } from '../maintenance/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { DeliveryModule } from '../mail/index.js';
import { InboxModule } from '../notifications/index.js';
import { OnboardingModule } from '../onboarding/index.js';
import { StorageModule } from '../storage/index.js';
import { DataExportBuilder } from './data-export.builder.js';
import { SendDataExportLinkHandler } from './export-ready.handler.js';
import { PrivacyController } from './privacy.controller.js';
import { PrivacyService } from './privacy.service.js';

/**
 * People own their data (no tables of its own): a data export, gathered from each module's public
 * service and stored by the storage module, and deleting one's own account (the admin module's
 * erasure).
 */
@Module({})
export class PrivacyModule {
  private static api?: DynamicModule;
  private static worker?: DynamicModule;

  static forApi(): DynamicModule {
    return (PrivacyModule.api ??= {
      module: PrivacyModule,
      imports: [IdentityModule.forApi(), AdminModule.forApi(), StorageModule],
      controllers: [PrivacyController],
      providers: [PrivacyService],
    });
  }

  /** The export's builder (run by the `maintenance` queue's processor) and its mail. */
  static forWorker(): DynamicModule {
    return (PrivacyModule.worker ??= {
      module: PrivacyModule,
      imports: [
        IdentityModule.forWorker(),
        AdminModule.forWorker(),
        OnboardingModule.forWorker(),
        MarketplaceModule.forWorker(),
        InboxModule,
        StorageModule,
        AuditModule,
        EventsModule,
        DeliveryModule,
      ],
      providers: [DataExportBuilder, SendDataExportLinkHandler, { provide: DATA_EXPORT_BUILDER, useExisting: DataExportBuilder }],
    });
  }
}
