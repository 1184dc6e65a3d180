import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { EventHandlerRegistry, DuplicateHandlerError } from './event-handler.registry.js';
import { HandlesEvent, type EventHandler } from './event-handler.js';

@Injectable()
@HandlesEvent({ event: 'TestEmailRequested', name: 'sendIt', queue: 'notifications' })
class First implements EventHandler {
  handle() {
    return Promise.resolve('done' as const);
  }
}

@Injectable()
@HandlesEvent({ event: 'TestEmailRequested', name: 'sendIt', queue: 'notifications' })
class Second implements EventHandler {
  handle() {
    return Promise.resolve('done' as const);
  }
}

@Injectable()
@HandlesEvent({ event: 'UserSignedUp', name: 'sendIt', queue: 'notifications' })
class OtherEvent implements EventHandler {
  handle() {
    return Promise.resolve('done' as const);
  }
}

describe('EventHandlerRegistry', () => {
  it('finds handlers by event; the same name on another event is fine', async () => {
    @Module({ imports: [DiscoveryModule], providers: [EventHandlerRegistry, First, OtherEvent] })
    class Ok {}
    const app = await NestFactory.createApplicationContext(Ok, { logger: false });
    const registry = app.get(EventHandlerRegistry);
    expect(registry.handlersFor('TestEmailRequested').map((h) => h.name)).toEqual(['sendIt']);
    expect(registry.find('UserSignedUp', 'sendIt')?.instance).toBeInstanceOf(OtherEvent);
    expect(registry.handlersFor('ProjectSubmitted')).toEqual([]);
    await app.close();
  });

  it('booting with two handlers of the same name for one event fails', async () => {
    @Module({ imports: [DiscoveryModule], providers: [EventHandlerRegistry, First, Second] })
    class Clash {}
    await expect(NestFactory.createApplicationContext(Clash, { logger: false, abortOnError: false })).rejects.toThrow(
      DuplicateHandlerError,
    );
  });
});
