import { Controller } from '@nestjs/common';
import { api, type ValidBodyOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { OutboxService } from '../events/outbox.service.js';
import { TestEmailRequested } from '../events/event-catalogue.js';
import { CurrentUser } from '../common/auth.js';
import type { User } from '../identity/index.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';

const c = api.notifications;

/** Test mails one admin may send per hour. */
export const TEST_MAILS_PER_ADMIN_PER_HOUR = 30;

/**
 * Spec §7 `POST /api/notifications-send-email`, kept for the /test-email pages (DESIGN §1, §8):
 * admins only — anyone else choosing a recipient, a name or a text would turn our branded mail into
 * a relay. The server sends signup and onboarding mail on its own; nobody has to call this for them.
 */
@Controller()
export class TestMailController {
  constructor(
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
  ) {}

  @Endpoint(c.sendEmail)
  async send(@CurrentUser() admin: User, @In.body() body: ValidBodyOf<typeof c.sendEmail>) {
    await this.limits.enforce('too-many-requests', 'Too many test emails. Please try again later.', {
      key: `test-mail:${admin.id}`,
      max: TEST_MAILS_PER_ADMIN_PER_HOUR,
      windowS: 3600,
    });
    await this.outbox.publishNow(
      new TestEmailRequested({ to: body.email, kind: body.type, fullName: body.fullName ?? admin.fullName }),
    );
    return { success: true, message: 'Email queued for delivery.' } as const;
  }
}
