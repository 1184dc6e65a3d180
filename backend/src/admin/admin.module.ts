import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';
import { NotifyAdminsOfSignupHandler } from './admin-signup.handler.js';

@Module({})
export class AdminModule {
  static forApi() {
    return { module: AdminModule, controllers: [AdminController], providers: [AdminService] };
  }

  static forWorker() {
    return { module: AdminModule, providers: [NotifyAdminsOfSignupHandler] };
  }
}
