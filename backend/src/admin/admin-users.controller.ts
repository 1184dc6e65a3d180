import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ValidBody, ZodBody, ZodPipe } from '../common/zod.js';
import { CurrentUser, Roles } from '../identity/auth.decorators.js';
import { USER_TYPES, type User } from '../identity/identity.entities.js';
import { AdminUsersService } from './users.service.js';
import { RecruitmentService } from './recruitment.service.js';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const page = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const UsersQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  role: z.enum(USER_TYPES).optional(),
  verified: flag.optional(),
  onboarded: flag.optional(),
  active: flag.optional(),
  ...page,
});
const AuditQuery = z.strictObject({ action: z.string().regex(/^[a-z_.]{1,40}$/).optional(), ...page });
const RoleBody = z.strictObject({ role: z.enum(USER_TYPES) });
const CandidatesQuery = z.strictObject({
  school: z.string().trim().max(100).optional(),
  graduationYear: z.coerce.number().int().min(1950).max(2100).optional(),
  minScore: z.coerce.number().int().min(0).max(100).default(0),
  notApplied: flag.default(false),
  ...page,
});
const PickQuery = z.strictObject({ q: z.string().trim().max(100).optional() });
const PageOnly = z.strictObject(page);
const InviteBody = z.strictObject({ projectId: z.string().uuid(), studentId: z.string().uuid() });

const Id = () => Param('id', new ParseUUIDPipe());

@ApiTags('admin: users')
@Roles('admin')
@Controller('admin')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get('users')
  @ApiOperation({ summary: 'Users by name, email or company; filter by role, verified, onboarded, active' })
  list(@Query(new ZodPipe(UsersQuery)) q: z.output<typeof UsersQuery>) {
    return this.users.list(q);
  }

  @Get('users/:id')
  @ApiOperation({ summary: 'One user: profile, assessment, projects or applications, invitations, audit' })
  one(@Id() id: string) {
    return this.users.detail(id);
  }

  @Patch('users/:id/role')
  @ApiOperation({ summary: 'Change the role (not your own admin role, not the last admin); signs them out' })
  @ZodBody(RoleBody)
  role(@CurrentUser() admin: User, @Id() id: string, @ValidBody(RoleBody) body: z.output<typeof RoleBody>) {
    return this.users.changeRole(admin, id, body.role);
  }

  @Post('users/:id/deactivate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deactivate: signed out everywhere, cannot sign in' })
  deactivate(@CurrentUser() admin: User, @Id() id: string) {
    return this.users.setActive(admin, id, false);
  }

  @Post('users/:id/reactivate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reactivate a deactivated account' })
  reactivate(@CurrentUser() admin: User, @Id() id: string) {
    return this.users.setActive(admin, id, true);
  }

  @Delete('users/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete: erases personal data; applications stay, attributed to a deleted user' })
  remove(@CurrentUser() admin: User, @Id() id: string) {
    return this.users.remove(admin, id);
  }

  @Get('audit')
  @ApiOperation({ summary: 'The audit log of admin actions, newest first' })
  audit(@Query(new ZodPipe(AuditQuery)) q: z.output<typeof AuditQuery>) {
    return this.users.audit(q.page, q.pageSize, q.action);
  }
}

@ApiTags('admin: recruitment')
@Roles('admin')
@Controller('admin/recruitment')
export class RecruitmentController {
  constructor(private readonly recruitment: RecruitmentService) {}

  @Get('projects')
  @ApiOperation({ summary: 'Open projects to match, newest first, optionally by title' })
  projects(@Query(new ZodPipe(PickQuery)) q: z.output<typeof PickQuery>) {
    return this.recruitment.openProjects(q.q);
  }

  @Get('projects/:id/candidates')
  @ApiOperation({ summary: 'Students ranked for an open project, each with score, parts and reasons' })
  candidates(@Id() id: string, @Query(new ZodPipe(CandidatesQuery)) q: z.output<typeof CandidatesQuery>) {
    return this.recruitment.candidates(id, q);
  }

  @Get('students')
  @ApiOperation({ summary: 'Students to match, by name or email' })
  students(@Query(new ZodPipe(PickQuery)) q: z.output<typeof PickQuery>) {
    return this.recruitment.findStudents(q.q);
  }

  @Get('students/:id/projects')
  @ApiOperation({ summary: 'Open projects ranked for a student' })
  projectsFor(@Id() id: string, @Query(new ZodPipe(PageOnly)) q: z.output<typeof PageOnly>) {
    return this.recruitment.projectsFor(id, q.page, q.pageSize);
  }

  @Post('invitations')
  @HttpCode(201)
  @ApiOperation({ summary: 'Invite a student to apply (CandidateInvited email); once per project and student' })
  @ZodBody(InviteBody)
  invite(@CurrentUser() admin: User, @ValidBody(InviteBody) body: z.output<typeof InviteBody>) {
    return this.recruitment.invite(admin, body.projectId, body.studentId);
  }
}
