import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';
import { NotifyAdminsOfSignupHandler } from './admin-signup.handler.js';
import { AdminUsersController, RecruitmentController } from './admin-users.controller.js';
import { AdminUsersService } from './users.service.js';
import { RecruitmentService } from './recruitment.service.js';
import { CandidateInvitedHandler } from './candidate-invited.handler.js';

@Module({})
export class AdminModule {
  static forApi() {
    return {
      module: AdminModule,
      controllers: [AdminController, AdminUsersController, RecruitmentController],
      providers: [AdminService, AdminUsersService, RecruitmentService],
    };
  }

  static forWorker() {
    return { module: AdminModule, providers: [NotifyAdminsOfSignupHandler, CandidateInvitedHandler] };
  }
}
