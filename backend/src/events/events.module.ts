import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Processor } from '@nestjs/bullmq';
import type { AppConfig } from '../config/config.js';
import { HandlerJobsProcessor, handlerWorkerOptions } from './handler-jobs.processor.js';
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
  static forWorker(config: AppConfig): DynamicModule {
    const serves = config.WORKER_QUEUES.includes('notifications');
    // @nestjs/bullmq builds the worker from the @Processor decorator's options: applied here again
    // with this process's validated config (its public decorator, called as a function).
    if (serves) Processor('notifications', handlerWorkerOptions(config))(HandlerJobsProcessor);
    return {
      module: HandlerJobsModule,
      imports: [EventRelayModule],
      providers: serves ? [HandlerJobsProcessor] : [],
    };
  }
}
