import { Module } from '@nestjs/common';
import { EventRelayModule, EventsModule } from '../events/events.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { DeliveryRecords } from './delivery-records.service.js';
import { EmailDeliveryService } from './email-delivery.service.js';
import { MailerService } from './mailer.service.js';
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
 * Mail delivery as infrastructure: the test email. It depends on no module: modules own their
 * handlers and send through EmailDeliveryService.
 */
@Module({})
export class MailModule {
  /** The unauthenticated dev endpoint only with DEV_TOOLS (never in production). */
  static forApi(devTools: boolean) {
    return { module: MailModule, imports: [EventsModule], controllers: devTools ? [TestEmailController] : [] };
  }

  static forWorker() {
    return { module: MailModule, imports: [DeliveryModule, EventRelayModule], providers: [SendTestEmailHandler] };
  }
}
