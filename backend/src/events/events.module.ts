import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { QueueName } from '../config/config.js';
import { HandlerJobsProcessor } from './handler-jobs.processor.js';
import { OutboxService } from './outbox.service.js';
import { EventHandlerRegistry } from './event-handler.registry.js';
import { OutboxRelay } from './outbox.relay.js';

/** Publishing events through the outbox: imported by every module that publishes. */
@Module({ providers: [OutboxService], exports: [OutboxService] })
export class EventsModule {}

/** The worker's side: every `@HandlesEvent` provider found at boot, and the relay that feeds their queues. */
@Module({
  imports: [DiscoveryModule],
  providers: [EventHandlerRegistry, OutboxRelay],
  exports: [EventHandlerRegistry, OutboxRelay],
})
export class EventRelayModule {}

/** Runs the handlers' jobs: the processor starts only if this worker serves the `notifications` queue. */
@Module({})
export class HandlerJobsModule {
  static forWorker(queues: readonly QueueName[]): DynamicModule {
    return {
      module: HandlerJobsModule,
      imports: [EventRelayModule],
      providers: queues.includes('notifications') ? [HandlerJobsProcessor] : [],
    };
  }
}
