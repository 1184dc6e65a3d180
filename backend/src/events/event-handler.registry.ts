import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { EventName } from './event-catalogue.js';
import { HandlesEvent, type EventHandler, type EventHandlerMeta } from './event-handler.js';

export interface RegisteredHandler extends EventHandlerMeta {
  instance: EventHandler;
}

export class DuplicateHandlerError extends Error {
  constructor(event: string, name: string) {
    super(`Two event handlers are named "${name}" for ${event}: handler names must be unique per event`);
    this.name = 'DuplicateHandlerError';
  }
}

/** Every `@HandlesEvent` provider, by event. Boot fails on two handlers of one name for one event. */
@Injectable()
export class EventHandlerRegistry implements OnModuleInit {
  private readonly byEvent = new Map<EventName, RegisteredHandler[]>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit() {
    for (const wrapper of this.discovery.getProviders({ metadataKey: HandlesEvent.KEY })) {
      const meta = this.discovery.getMetadataByDecorator(HandlesEvent, wrapper);
      if (!meta || !wrapper.instance) continue;
      this.register({ ...meta, instance: wrapper.instance as EventHandler });
    }
  }

  register(handler: RegisteredHandler) {
    const list = this.byEvent.get(handler.event) ?? [];
    if (list.some((h) => h.name === handler.name)) throw new DuplicateHandlerError(handler.event, handler.name);
    list.push(handler);
    this.byEvent.set(handler.event, list);
  }

  handlersFor(event: string): readonly RegisteredHandler[] {
    return this.byEvent.get(event as EventName) ?? [];
  }

  find(event: string, name: string): RegisteredHandler | undefined {
    return this.handlersFor(event).find((h) => h.name === name);
  }
}
