import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ValidBody, ZodBody } from '../common/zod.js';
import { OutboxService } from '../events/outbox.service.js';
import { TestEmailRequested } from '../events/event-catalogue.js';
import { AllowUnverified, CurrentUser, assertOwnEmail } from '../identity/auth.decorators.js';
import type { User } from '../identity/identity.entities.js';

const SendEmailBody = z.strictObject({
  type: z.enum(['signup', 'onboarding_complete', 'test']),
  userId: z.string().max(64).optional(),
  email: z.string().trim().max(254).pipe(z.email()),
  fullName: z.string().trim().max(120).optional(),
});

/**
 * Spec §7 `POST /api/notifications-send-email`, kept for the test pages and for compatibility
 * (DESIGN §1): a user may only send to their own address, an admin to anyone. The server already
 * sends signup and onboarding mail on its own; this never has to be called for them.
 */
@ApiTags('notifications')
@Controller()
export class SendEmailController {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
  ) {}

  @AllowUnverified()
  @Post('notifications-send-email')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send a notification email to yourself (admins: to anyone)' })
  @ZodBody(SendEmailBody)
  async send(@CurrentUser() user: User, @ValidBody(SendEmailBody) body: z.output<typeof SendEmailBody>) {
    assertOwnEmail(user, body.email, 'send notifications to', { adminAnyone: true });
    await this.orm.em.fork().transactional(async (tx) => {
      this.outbox.publish(tx, new TestEmailRequested({ to: body.email, kind: body.type, fullName: body.fullName ?? user.fullName }));
    });
    return { success: true, message: 'Email queued for delivery.' };
  }
}
