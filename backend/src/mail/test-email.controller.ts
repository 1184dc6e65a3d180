import { Controller } from '@nestjs/common';
import { api, type ValidBodyOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { OutboxService } from '../events/outbox.service.js';
import { TestEmailRequested } from '../events/event-catalogue.js';

const c = api.notifications;

/**
 * Development tool (mounted only when DEV_TOOLS is on, never in production): publishes a
 * TestEmailRequested event, which the worker turns into an email.
 */
@Controller()
export class TestEmailController {
  constructor(private readonly outbox: OutboxService) {}

  @Endpoint(c.devTestEmail)
  async send(@In.body() body: ValidBodyOf<typeof c.devTestEmail>) {
    const eventId = await this.outbox.publishNow(new TestEmailRequested(body));
    return { eventId, status: 'queued' } as const;
  }
}
