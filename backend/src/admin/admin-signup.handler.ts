import type { PublishedEvent } from '../events/event-catalogue.js';
import { HandlesEvent, type EventHandler, type HandlerContext } from '../events/event-handler.js';
import { formatDateTime } from '../common/intl.js';
import { AccountsService } from '../identity/index.js';
import { EmailDeliveryService } from '../mail/index.js';
import { SignupNotificationsService } from './signup-notifications.service.js';

/**
 * Spec §4: every signup creates an admin notification (type signup, status pending), shown on the
 * admin dashboard. Safe to run twice: one row per user.
 */
@HandlesEvent({ event: 'UserSignedUp', name: 'notifyAdmins', queue: 'notifications' })
export class NotifyAdminsOfSignupHandler implements EventHandler<'UserSignedUp'> {
  constructor(
    private readonly accounts: AccountsService,
    private readonly signups: SignupNotificationsService,
  ) {}

  async handle(event: PublishedEvent<'UserSignedUp'>) {
    const user = await this.accounts.find(event.payload.userId);
    if (!user) return 'skipped';
    await this.signups.record(user);
    return 'done';
  }
}

/**
 * Admins who keep notifications on get an email per signup once its address is verified, so a
 * flood of sign-ups with made-up names and addresses never reaches their inboxes. One email per admin.
 */
@HandlesEvent({ event: 'EmailVerified', name: 'emailAdmins', queue: 'notifications' })
export class EmailAdminsOfSignupHandler implements EventHandler<'EmailVerified'> {
  constructor(
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
  ) {}

  async handle(event: PublishedEvent<'EmailVerified'>, ctx: HandlerContext) {
    const user = await this.accounts.find(event.payload.userId);
    if (!user?.active || user.userType === 'admin') return 'skipped';
    for (const admin of await this.accounts.adminsToNotify()) {
      if (admin.id === user.id) continue;
      // A notification: its unsubscribe link turns off the admin's notification email (all of it).
      await this.delivery.notify(`${ctx.jobKey}:${admin.id}`, admin, 'AdminSignup', {
        fullName: user.fullName,
        email: user.email,
        userType: user.userType,
        companyName: user.companyName ?? undefined,
        signupTime: formatDateTime(user.createdAt, admin.locale),
        locale: admin.locale,
        dashboardUrl: this.delivery.url('/dashboard'),
      });
    }
    return 'done';
  }
}
