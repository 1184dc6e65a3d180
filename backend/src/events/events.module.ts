import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OutboxService } from './outbox.service.js';
import { EventHandlerRegistry } from './event-handler.registry.js';
import { OutboxRelay } from './outbox.relay.js';

/** Publishing (everywhere) and, for the worker, the handler registry and the relay. */
@Global()
@Module({})
export class EventsModule {
  static forApi() {
    return { module: EventsModule, providers: [OutboxService], exports: [OutboxService] };
  }

  static forWorker() {
    return {
      module: EventsModule,
      imports: [DiscoveryModule],
      providers: [OutboxService, EventHandlerRegistry, OutboxRelay],
      exports: [OutboxService, EventHandlerRegistry, OutboxRelay],
    };
  }
}
