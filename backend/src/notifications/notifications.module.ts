import { Module } from '@nestjs/common';
import type { QueueName } from '../config/config.js';
import { EmailDeliveryService } from './email-delivery.service.js';
import { MailerService } from './mailer.service.js';
import { NotificationsProcessor } from './notifications.processor.js';
import { SendTestEmailHandler } from './test-email.handler.js';
import { TestEmailController } from './test-email.controller.js';
import { SendEmailController } from './send-email.controller.js';
import { SendOnboardingCompleteHandler } from './onboarding-complete.handler.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { DeliveryRecordsModule } from './delivery-records.module.js';

@Module({})
export class NotificationsModule {
  static forApi(devTools: boolean) {
    return { module: NotificationsModule, imports: [RateLimitModule], controllers: [SendEmailController, ...(devTools ? [TestEmailController] : [])] };
  }

  /** Handlers are always known (the relay needs them); the processor runs only if its queue is served. */
  static forWorker(queues: readonly QueueName[]) {
    return {
      module: NotificationsModule,
      global: true,
      imports: [RateLimitModule, DeliveryRecordsModule],
      exports: [EmailDeliveryService],
      providers: [
        MailerService,
        EmailDeliveryService,
        SendTestEmailHandler,
        SendOnboardingCompleteHandler,
        ...(queues.includes('notifications') ? [NotificationsProcessor] : []),
      ],
    };
  }
}
