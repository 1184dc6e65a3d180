import { Controller } from '@nestjs/common';
import { api, type ValidBodyOf, type ValidParamsOf, type ValidQueryOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentUser } from '../common/auth.js';
import type { User } from '../identity/index.js';
import { AuditService } from '../audit/index.js';
import { DashboardService } from './dashboard.service.js';
import { ManageUsersService } from './manage-users.service.js';
import { RecruitmentService } from './recruitment.service.js';
import { SignupNotificationsService } from './signup-notifications.service.js';

const c = api.admin;
type Id = ValidParamsOf<typeof c.user>;

@Controller()
export class DashboardController {
  constructor(
    private readonly dashboard: DashboardService,
    private readonly signups: SignupNotificationsService,
  ) {}

  @Endpoint(c.overview)
  overview() {
    return this.dashboard.overview();
  }

  @Endpoint(c.notifications)
  list(@In.query() q: ValidQueryOf<typeof c.notifications>) {
    return this.signups.list(q.page, q.pageSize, q.status);
  }

  @Endpoint(c.reviewAll)
  reviewAll(@CurrentUser() user: User) {
    return this.signups.reviewAll(user);
  }

  @Endpoint(c.reviewNotification)
  review(@In.params() { id }: Id, @CurrentUser() user: User) {
    return this.signups.review(id, user);
  }
}

@Controller()
export class ManageUsersController {
  constructor(
    private readonly users: ManageUsersService,
    private readonly audits: AuditService,
  ) {}

  @Endpoint(c.users)
  list(@In.query() q: ValidQueryOf<typeof c.users>) {
    return this.users.list(q);
  }

  @Endpoint(c.user)
  one(@In.params() { id }: Id) {
    return this.users.detail(id);
  }

  @Endpoint(c.changeRole)
  role(@CurrentUser() admin: User, @In.params() { id }: Id, @In.body() body: ValidBodyOf<typeof c.changeRole>) {
    return this.users.changeRole(admin, id, body.role);
  }

  @Endpoint(c.deactivate)
  deactivate(@CurrentUser() admin: User, @In.params() { id }: Id) {
    return this.users.setActive(admin, id, false);
  }

  @Endpoint(c.reactivate)
  reactivate(@CurrentUser() admin: User, @In.params() { id }: Id) {
    return this.users.setActive(admin, id, true);
  }

  @Endpoint(c.deleteUser)
  remove(@CurrentUser() admin: User, @In.params() { id }: Id) {
    return this.users.remove(admin, id);
  }

  @Endpoint(c.audit)
  audit(@In.query() q: ValidQueryOf<typeof c.audit>) {
    return this.audits.list(q.page, q.pageSize, q.action);
  }
}

@Controller()
export class RecruitmentController {
  constructor(private readonly recruitment: RecruitmentService) {}

  @Endpoint(c.openProjects)
  projects(@In.query() q: ValidQueryOf<typeof c.openProjects>) {
    return this.recruitment.openProjects(q.q);
  }

  @Endpoint(c.candidates)
  candidates(@In.params() { id }: Id, @In.query() q: ValidQueryOf<typeof c.candidates>) {
    return this.recruitment.candidates(id, q);
  }

  @Endpoint(c.students)
  students(@In.query() q: ValidQueryOf<typeof c.students>) {
    return this.recruitment.findStudents(q.q);
  }

  @Endpoint(c.projectsFor)
  projectsFor(@In.params() { id }: Id, @In.query() q: ValidQueryOf<typeof c.projectsFor>) {
    return this.recruitment.projectsFor(id, q.page, q.pageSize);
  }

  @Endpoint(c.invite)
  invite(@CurrentUser() admin: User, @In.body() body: ValidBodyOf<typeof c.invite>) {
    return this.recruitment.invite(admin, body.projectId, body.studentId);
  }
}
