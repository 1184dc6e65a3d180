import type { PublishedEvent } from '../events/event-catalogue.js';
import { HandlesEvent, type EventHandler, type HandlerContext } from '../events/event-handler.js';
import { EmailDeliveryService } from './email-delivery.service.js';

export class DeliberateFailure extends Error {
  constructor() {
    super('Deliberate failure requested with the test email (simulateFailure)');
    this.name = 'DeliberateFailure';
  }
}

@HandlesEvent({ event: 'TestEmailRequested', name: 'sendTestEmail', queue: 'notifications' })
export class SendTestEmailHandler implements EventHandler<'TestEmailRequested'> {
  constructor(private readonly delivery: EmailDeliveryService) {}

  async handle(event: PublishedEvent<'TestEmailRequested'>, ctx: HandlerContext) {
    const { to, note, simulateFailure, kind = 'test', fullName = 'there' } = event.payload;
    // Lets an operator see a failing job end up as failed in Bull Board, with its retries.
    if (simulateFailure) throw new DeliberateFailure();
    const links = this.delivery.links();
    if (kind === 'onboarding_complete') {
      return this.delivery.deliver(ctx.jobKey, to, 'OnboardingComplete', { fullName, userType: 'student', ...links });
    }
    if (kind === 'signup') return this.delivery.deliver(ctx.jobKey, to, 'Welcome', { fullName, userType: 'student', ...links });
    return this.delivery.deliver(ctx.jobKey, to, 'TestEmail', { recipient: to, requestedAt: event.occurredAt, note });
  }
}
