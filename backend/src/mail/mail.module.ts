import { Module } from '@nestjs/common';
import type { QueueName } from '../config/config.js';
import { EventRelayModule, EventsModule } from '../events/events.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { DeliveryRecords } from './delivery-records.service.js';
import { EmailDeliveryService } from './email-delivery.service.js';
import { MailerService } from './mailer.service.js';
import { NotificationsProcessor } from './notifications.processor.js';
import { SendTestEmailHandler } from './test-email.handler.js';
import { TestEmailController } from './test-email.controller.js';

/** The record of sent mail: the worker deduplicates with it, the api erases from it. */
@Module({ providers: [DeliveryRecords], exports: [DeliveryRecords] })
export class DeliveryRecordsModule {}

/** Sending mail (worker side): render, cap per mailbox, send once per job. Imported by every module whose handlers mail. */
@Module({
  imports: [RateLimitModule, DeliveryRecordsModule],
  providers: [MailerService, EmailDeliveryService],
  exports: [EmailDeliveryService],
})
export class DeliveryModule {}

/**
 * Mail delivery as infrastructure: the `notifications` queue's processor and the test email. It
 * depends on no module: modules own their handlers and send through EmailDeliveryService.
 */
@Module({})
export class MailModule {
  /** The unauthenticated dev endpoint only with DEV_TOOLS (never in production). */
  static forApi(devTools: boolean) {
    return { module: MailModule, imports: [EventsModule], controllers: devTools ? [TestEmailController] : [] };
  }

  /** The processor runs only if this worker serves the `notifications` queue. */
  static forWorker(queues: readonly QueueName[]) {
    return {
      module: MailModule,
      imports: [DeliveryModule, EventRelayModule],
      providers: [SendTestEmailHandler, ...(queues.includes('notifications') ? [NotificationsProcessor] : [])],
    };
  }
}
