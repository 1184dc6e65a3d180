import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { ValidBody, ZodBody, ZodPipe } from '../common/zod.js';
import { CurrentUser, Roles } from '../identity/auth.decorators.js';
import type { User } from '../identity/identity.entities.js';
import { ApplyBody, BrowseQuery, CreateProjectBody, PageQuery, ReviewBody, StatusBody, UpdateProjectBody } from './marketplace.schemas.js';
import { MarketplaceService, projectView } from './marketplace.service.js';

const Id = () => Param('id', new ParseUUIDPipe());

@ApiTags('projects (companies)')
@Roles('startup')
@Controller('projects')
export class CompanyProjectsController {
  constructor(private readonly market: MarketplaceService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a project; it waits for admin review (status pending)' })
  @ZodBody(CreateProjectBody)
  async create(@CurrentUser() user: User, @ValidBody(CreateProjectBody) body: z.output<typeof CreateProjectBody>) {
    return projectView(await this.market.createProject(user, body));
  }

  @Get('mine')
  @ApiOperation({ summary: 'Your projects with status and applicant counts' })
  mine(@CurrentUser() user: User) {
    return this.market.myProjects(user.id);
  }

  @Get('overview')
  @ApiOperation({ summary: 'Counts for the company home' })
  overview(@CurrentUser() user: User) {
    return this.market.companyOverview(user.id);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of your projects' })
  one(@CurrentUser() user: User, @Id() id: string) {
    return this.market.getOwnProject(user.id, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Edit a pending or rejected project (a rejected one is resubmitted)' })
  @ZodBody(UpdateProjectBody)
  update(@CurrentUser() user: User, @Id() id: string, @ValidBody(UpdateProjectBody) body: z.output<typeof UpdateProjectBody>) {
    return this.market.updateProject(user.id, id, body);
  }

  @Post(':id/close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Close an open project' })
  close(@CurrentUser() user: User, @Id() id: string) {
    return this.market.closeProject(user.id, id);
  }

  @Get(':id/applications')
  @ApiOperation({ summary: 'Applicants of one of your projects, with profile and assessment' })
  applications(@CurrentUser() user: User, @Id() id: string) {
    return this.market.projectApplications(user.id, id);
  }
}

@ApiTags('applications')
@Controller('applications')
export class ApplicationsController {
  constructor(private readonly market: MarketplaceService) {}

  @Roles('startup')
  @Patch(':id/status')
  @ApiOperation({ summary: 'Move an application (submitted → under_review → shortlisted → accepted / rejected), with notes' })
  @ZodBody(StatusBody)
  status(@CurrentUser() user: User, @Id() id: string, @ValidBody(StatusBody) body: z.output<typeof StatusBody>) {
    return this.market.setApplicationStatus(user.id, id, body);
  }

  @Roles('student')
  @Get('mine')
  @ApiOperation({ summary: 'Your applications, most recently updated first' })
  mine(@CurrentUser() user: User, @Query(new ZodPipe(PageQuery)) q: z.output<typeof PageQuery>) {
    return this.market.myApplications(user.id, q.page, q.pageSize);
  }

  @Roles('student')
  @Post(':id/withdraw')
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraw an application that is not decided yet' })
  withdraw(@CurrentUser() user: User, @Id() id: string) {
    return this.market.withdraw(user.id, id);
  }
}

@ApiTags('marketplace (students)')
@Roles('student')
@Controller('marketplace')
export class BrowseController {
  constructor(private readonly market: MarketplaceService) {}

  @Get('projects')
  @ApiOperation({ summary: 'Open projects: search, filters, sort (newest, deadline, best match), pages' })
  browse(@CurrentUser() user: User, @Query(new ZodPipe(BrowseQuery)) q: z.output<typeof BrowseQuery>) {
    return this.market.browse(user, q);
  }

  @Get('projects/:id')
  @ApiOperation({ summary: 'An open project, with your application if any' })
  one(@CurrentUser() user: User, @Id() id: string) {
    return this.market.projectForStudent(user.id, id);
  }

  @Post('projects/:id/apply')
  @HttpCode(201)
  @ApiOperation({ summary: 'Apply once to an open project' })
  @ZodBody(ApplyBody)
  apply(@CurrentUser() user: User, @Id() id: string, @ValidBody(ApplyBody) body: z.output<typeof ApplyBody>) {
    return this.market.apply(user, id, body.motivation, body.cvFileId);
  }
}

@ApiTags('admin')
@Roles('admin')
@Controller('admin/projects')
export class AdminProjectsController {
  constructor(private readonly market: MarketplaceService) {}

  @Get()
  @ApiOperation({ summary: 'Projects by status (default: pending, oldest first)' })
  list(@Query(new ZodPipe(PageQuery)) q: z.output<typeof PageQuery>) {
    return this.market.projectsForReview(q.status, q.page, q.pageSize);
  }

  @Post(':id/review')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve (opens it to students) or reject (reason required)' })
  @ZodBody(ReviewBody)
  review(@CurrentUser() admin: User, @Id() id: string, @ValidBody(ReviewBody) body: z.output<typeof ReviewBody>) {
    return this.market.reviewProject(admin, id, body.decision, body.reason);
  }
}
