import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../identity/auth.decorators.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { OutboxService } from '../events/outbox.service.js';
import { TestEmailRequested } from '../events/event-catalogue.js';
import { ValidBody, ZodBody } from '../common/zod.js';

const TestEmailBody = z.strictObject({
  to: z.email().max(254),
  note: z.string().trim().max(500).optional(),
  simulateFailure: z.boolean().optional(),
});

/**
 * Development tool (mounted only when DEV_TOOLS is on, never by default in production): publishes a
 * TestEmailRequested event, which the worker turns into an email. The identity issue puts the
 * /test-email page behind an admin session.
 */
@ApiTags('dev')
@Public()
@Controller('dev')
export class TestEmailController {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
  ) {}

  @Post('test-email')
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue a test email (development only)' })
  @ZodBody(TestEmailBody)
  async send(@ValidBody(TestEmailBody) body: z.output<typeof TestEmailBody>) {
    const eventId = await this.orm.em.fork().transactional(async (em) => this.outbox.publish(em, new TestEmailRequested(body)));
    return { eventId, status: 'queued' };
  }
}
