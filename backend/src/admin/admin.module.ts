import { Module, type DynamicModule } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { EventsModule } from '../events/events.module.js';
import { IdentityModule } from '../identity/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { DeliveryModule, DeliveryRecordsModule } from '../mail/index.js';
import { InboxModule, NotifierModule } from '../notifications/index.js';
import { OnboardingModule } from '../onboarding/index.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { StorageModule } from '../storage/index.js';
import { DashboardController, ManageUsersController, RecruitmentController } from './admin.controller.js';
import { EmailAdminsOfSignupHandler, NotifyAdminsOfSignupHandler } from './admin-signup.handler.js';
import { CandidateInvitedHandler } from './candidate-invited.handler.js';
import { DashboardService } from './dashboard.service.js';
import { ManageUsersService } from './manage-users.service.js';
import { AccountErasure } from './account-erasure.service.js';
import { RecruitmentService } from './recruitment.service.js';
import { SignupNotificationsService } from './signup-notifications.service.js';
import { TestMailController } from './test-mail.controller.js';
import { AdminRecords } from './admin-records.service.js';

/**
 * The admin side (tables `admin_notifications`, `invitations`): the dashboard, signup notifications,
 * Manage Users (which asks each module to change or erase what it owns), AI Recruitment, test mail.
 */
@Module({})
export class AdminModule {
  private static api?: DynamicModule;

  /** One instance per process, however many modules import it (the app, and privacy). */
  static forApi(): DynamicModule {
    return (AdminModule.api ??= {
      module: AdminModule,
      imports: [
        IdentityModule.forApi(),
        OnboardingModule.forApi(),
        MarketplaceModule.forApi(),
        StorageModule,
        AuditModule,
        EventsModule,
        RateLimitModule,
        DeliveryRecordsModule,
        InboxModule,
      ],
      controllers: [DashboardController, ManageUsersController, RecruitmentController, TestMailController],
      providers: [DashboardService, SignupNotificationsService, ManageUsersService, RecruitmentService, AccountErasure],
      exports: [AccountErasure],
    });
  }

  private static worker?: DynamicModule;

  /** Signup notifications and the mails of signups and invitations; what a data export reads of the admin side. */
  static forWorker(): DynamicModule {
    return (AdminModule.worker ??= {
      module: AdminModule,
      imports: [IdentityModule.forWorker(), MarketplaceModule.forWorker(), AuditModule, DeliveryModule, NotifierModule],
      providers: [
        SignupNotificationsService,
        NotifyAdminsOfSignupHandler,
        EmailAdminsOfSignupHandler,
        CandidateInvitedHandler,
        AdminRecords,
      ],
      exports: [AdminRecords],
    });
  }
}
