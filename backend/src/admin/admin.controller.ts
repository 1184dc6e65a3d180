import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ZodPipe } from '../common/zod.js';
import { CurrentUser, Roles } from '../identity/auth.decorators.js';
import type { User } from '../identity/identity.entities.js';
import { AdminService } from './admin.service.js';

const ListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(['pending', 'reviewed']).optional(),
});

@ApiTags('admin')
@Roles('admin')
@Controller('admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('overview')
  @ApiOperation({ summary: 'Figures for the admin dashboard' })
  overview() {
    return this.admin.overview();
  }

  @Get('notifications')
  @ApiOperation({ summary: 'Signup notifications, newest first (spec §3)' })
  list(@Query(new ZodPipe(ListQuery)) q: z.output<typeof ListQuery>) {
    return this.admin.notifications(q.page, q.pageSize, q.status);
  }

  @Post('notifications/review-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark every pending notification reviewed' })
  reviewAll(@CurrentUser() user: User) {
    return this.admin.reviewAll(user);
  }

  @Post('notifications/:id/review')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark one notification reviewed' })
  review(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() user: User) {
    return this.admin.review(id, user);
  }
}
