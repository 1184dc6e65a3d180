import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
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
