import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { PublishedEvent } from '../events/event-catalogue.js';
import { HandlesEvent, type EventHandler, type HandlerContext } from '../events/event-handler.js';
import { IdentityService } from '../identity/identity.service.js';
import { EmailDeliveryService } from '../notifications/email-delivery.service.js';

/**
 * Spec §4: every signup creates an admin notification (type signup, status pending), shown on the
 * admin dashboard. Safe to run twice: one row per user.
 */
@Injectable()
@HandlesEvent({ event: 'UserSignedUp', name: 'notifyAdmins', queue: 'notifications' })
export class NotifyAdminsOfSignupHandler implements EventHandler<'UserSignedUp'> {
  constructor(
    private readonly orm: MikroORM,
    private readonly identity: IdentityService,
  ) {}

  async handle(event: PublishedEvent<'UserSignedUp'>) {
    const user = await this.identity.findUser(event.payload.userId);
    if (!user) return 'skipped';
    await this.orm.em.fork().execute(
      `insert into admin_notifications (id, type, user_id, email, full_name, user_type, signup_time, status)
       values (?, 'signup', ?, ?, ?, ?, ?, 'pending') on conflict (type, user_id) do nothing`,
      [randomUUID(), user.id, user.email, user.fullName, user.userType, user.createdAt],
    );
    return 'done';
  }
}

/**
 * Admins who keep notifications on get an email per signup once its address is verified, so a
 * flood of sign-ups with made-up names and addresses never reaches their inboxes. One email per admin.
 */
@Injectable()
@HandlesEvent({ event: 'EmailVerified', name: 'emailAdmins', queue: 'notifications' })
export class EmailAdminsOfSignupHandler implements EventHandler<'EmailVerified'> {
  constructor(
    private readonly identity: IdentityService,
    private readonly delivery: EmailDeliveryService,
  ) {}

  async handle(event: PublishedEvent<'EmailVerified'>, ctx: HandlerContext) {
    const user = await this.identity.findUser(event.payload.userId);
    if (!user || !user.active || user.userType === 'admin') return 'skipped';
    for (const admin of await this.identity.adminsToNotify()) {
      if (admin.id === user.id) continue;
      await this.delivery.deliver(`${ctx.jobKey}:${admin.id}`, admin.email, 'AdminSignup', {
        fullName: user.fullName,
        email: user.email,
        userType: user.userType,
        companyName: user.companyName ?? undefined,
        signupTime: user.createdAt.toUTCString(),
        ...this.delivery.links(),
      });
    }
    return 'done';
  }
}
