import { Module } from '@nestjs/common';
import type { QueueName } from '../config/config.js';
import { EventRelayModule, EventsModule } from '../events/events.module.js';
import { DeliveryModule } from './delivery.module.js';
import { InboxApiModule } from './inbox.module.js';
import { NotificationsProcessor } from './notifications.processor.js';
import { SendTestEmailHandler } from './test-email.handler.js';
import { TestEmailController } from './test-email.controller.js';

/**
 * Mail delivery, the `notifications` queue's processor and the test email. It depends on no domain
 * module: modules own their handlers and send through EmailDeliveryService (DeliveryModule).
 */
@Module({})
export class NotificationsModule {
  /** The notifications people read in the app; the unauthenticated dev endpoint only with DEV_TOOLS (never in production). */
  static forApi(devTools: boolean) {
    return {
      module: NotificationsModule,
      imports: [EventsModule, InboxApiModule],
      controllers: devTools ? [TestEmailController] : [],
    };
  }

  /** The processor runs only if this worker serves the `notifications` queue. */
  static forWorker(queues: readonly QueueName[]) {
    return {
      module: NotificationsModule,
      imports: [DeliveryModule, EventRelayModule],
      providers: [SendTestEmailHandler, ...(queues.includes('notifications') ? [NotificationsProcessor] : [])],
    };
  }
}
