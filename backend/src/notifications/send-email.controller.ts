import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ValidBody, ZodBody } from '../common/zod.js';
import { OutboxService } from '../events/outbox.service.js';
import { TestEmailRequested } from '../events/event-catalogue.js';
import { CurrentUser, Roles } from '../identity/auth.decorators.js';
import type { User } from '../identity/identity.entities.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';

const SendEmailBody = z.strictObject({
  type: z.enum(['signup', 'onboarding_complete', 'test']),
  userId: z.string().max(64).optional(),
  email: z.string().trim().max(254).pipe(z.email()),
  fullName: z.string().trim().max(120).optional(),
});

/** Test mails one admin may send per hour. */
export const TEST_MAILS_PER_ADMIN_PER_HOUR = 30;

/**
 * Spec §7 `POST /api/notifications-send-email`, kept for the /test-email pages (DESIGN §1, §8):
 * admins only — anyone else choosing a recipient, a name or a text would turn our branded mail into
 * a relay. The server sends signup and onboarding mail on its own; nobody has to call this for them.
 */
@ApiTags('notifications')
@Roles('admin')
@Controller()
export class SendEmailController {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
  ) {}

  @Post('notifications-send-email')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send a test notification email (admins only)' })
  @ZodBody(SendEmailBody)
  async send(@CurrentUser() admin: User, @ValidBody(SendEmailBody) body: z.output<typeof SendEmailBody>) {
    await this.limits.enforce('too-many-requests', 'Too many test emails. Please try again later.', {
      key: `test-mail:${admin.id}`,
      max: TEST_MAILS_PER_ADMIN_PER_HOUR,
      windowS: 3600,
    });
    await this.orm.em.fork().transactional(async (tx) => {
      this.outbox.publish(tx, new TestEmailRequested({ to: body.email, kind: body.type, fullName: body.fullName ?? admin.fullName }));
    });
    return { success: true, message: 'Email queued for delivery.' };
  }
}
