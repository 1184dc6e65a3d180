import type { PublishedEvent } from '../events/event-catalogue.js';
import { HandlesEvent, type EventHandler, type HandlerContext } from '../events/event-handler.js';
import { AccountsService } from '../identity/index.js';
import { EmailDeliveryService } from '../mail/index.js';

/** A notification: respects emailNotifications. A failure to send never blocks the user (it is a job). */
@HandlesEvent({ event: 'OnboardingCompleted', name: 'sendOnboardingComplete', queue: 'notifications' })
export class SendOnboardingCompleteHandler implements EventHandler<'OnboardingCompleted'> {
  constructor(
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
  ) {}

  async handle(event: PublishedEvent<'OnboardingCompleted'>, ctx: HandlerContext) {
    const user = await this.accounts.find(event.payload.userId);
    if (!user || user.userType === 'admin') return 'skipped';
    return this.delivery.notify(ctx.jobKey, user, 'OnboardingComplete', {
      fullName: user.fullName,
      userType: user.userType,
      locale: user.locale,
      dashboardUrl: this.delivery.url('/dashboard'),
    });
  }
}
