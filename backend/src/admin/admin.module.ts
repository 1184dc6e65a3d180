import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';
import { EmailAdminsOfSignupHandler, NotifyAdminsOfSignupHandler } from './admin-signup.handler.js';
import { AdminUsersController, RecruitmentController } from './admin-users.controller.js';
import { AdminUsersService } from './users.service.js';
import { RecruitmentService } from './recruitment.service.js';
import { CandidateInvitedHandler } from './candidate-invited.handler.js';
import { MarketplaceModule } from '../marketplace/marketplace.module.js';
import { OnboardingModule } from '../onboarding/onboarding.module.js';
import { DeliveryRecordsModule } from '../notifications/delivery-records.module.js';

@Module({})
export class AdminModule {
  static forApi() {
    return {
      module: AdminModule,
      imports: [MarketplaceModule.forApi(), OnboardingModule, DeliveryRecordsModule],
      controllers: [AdminController, AdminUsersController, RecruitmentController],
      providers: [AdminService, AdminUsersService, RecruitmentService],
    };
  }

  static forWorker() {
    return { module: AdminModule, providers: [NotifyAdminsOfSignupHandler, EmailAdminsOfSignupHandler, CandidateInvitedHandler] };
  }
}
