import { Controller } from '@nestjs/common';
import { api, type ValidBodyOf, type ValidParamsOf, type ValidQueryOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentUser } from '../common/auth.js';
import type { User } from '../identity/index.js';
import { ApplicationsService } from './applications.service.js';
import { BrowseService } from './browse.service.js';
import { MessagesService } from './messages.service.js';
import { ModerationService } from './moderation.service.js';
import { ProjectsService } from './projects.service.js';
import { ResponseTimesService } from './response-times.service.js';

const c = api.marketplace;
type Id = ValidParamsOf<typeof c.ownProject>;

@Controller()
export class CompanyProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly applications: ApplicationsService,
  ) {}

  @Endpoint(c.createProject)
  create(@CurrentUser() user: User, @In.body() body: ValidBodyOf<typeof c.createProject>) {
    return this.projects.create(user, body);
  }

  @Endpoint(c.myProjects)
  mine(@CurrentUser() user: User, @In.query() q: ValidQueryOf<typeof c.myProjects>) {
    return this.projects.mine(user.id, q.page, q.pageSize, q.status);
  }

  @Endpoint(c.companyOverview)
  overview(@CurrentUser() user: User) {
    return this.projects.overview(user.id);
  }

  @Endpoint(c.ownProject)
  one(@CurrentUser() user: User, @In.params() { id }: Id) {
    return this.projects.one(user.id, id);
  }

  @Endpoint(c.updateProject)
  update(@CurrentUser() user: User, @In.params() { id }: Id, @In.body() body: ValidBodyOf<typeof c.updateProject>) {
    return this.projects.update(user.id, id, body);
  }

  @Endpoint(c.closeProject)
  close(@CurrentUser() user: User, @In.params() { id }: Id) {
    return this.projects.close(user.id, id);
  }

  @Endpoint(c.applicants)
  applicants(@CurrentUser() user: User, @In.params() { id }: Id, @In.query() q: ValidQueryOf<typeof c.applicants>) {
    return this.applications.applicants(user.id, id, q);
  }

  @Endpoint(c.setApplicationStatus)
  status(@CurrentUser() user: User, @In.params() { id }: Id, @In.body() body: ValidBodyOf<typeof c.setApplicationStatus>) {
    return this.applications.setStatus(user.id, id, body);
  }
}

@Controller()
export class StudentMarketplaceController {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly browsing: BrowseService,
    private readonly answers: ResponseTimesService,
  ) {}

  @Endpoint(c.myApplications)
  mine(@CurrentUser() user: User, @In.query() q: ValidQueryOf<typeof c.myApplications>) {
    return this.applications.mine(user.id, q.page, q.pageSize, q.status);
  }

  @Endpoint(c.answerTimes)
  answerTimes(@CurrentUser() user: User) {
    return this.answers.forStudent(user.id);
  }

  @Endpoint(c.withdraw)
  withdraw(@CurrentUser() user: User, @In.params() { id }: Id) {
    return this.applications.withdraw(user.id, id);
  }

  @Endpoint(c.browse)
  browse(@CurrentUser() user: User, @In.query() q: ValidQueryOf<typeof c.browse>) {
    return this.browsing.browse(user, q);
  }

  @Endpoint(c.studentProject)
  one(@CurrentUser() user: User, @In.params() { id }: Id) {
    return this.browsing.project(user.id, id);
  }

  @Endpoint(c.apply)
  apply(@CurrentUser() user: User, @In.params() { id }: Id, @In.body() body: ValidBodyOf<typeof c.apply>) {
    return this.applications.apply(user, id, body.motivation, body.cvFileId);
  }
}

@Controller()
export class AdminProjectsController {
  constructor(private readonly moderation: ModerationService) {}

  @Endpoint(c.adminProjects)
  list(@In.query() q: ValidQueryOf<typeof c.adminProjects>) {
    return this.moderation.list(q, q.page, q.pageSize);
  }

  @Endpoint(c.adminCloseProject)
  close(@CurrentUser() admin: User, @In.params() { id }: Id, @In.body() body: ValidBodyOf<typeof c.adminCloseProject>) {
    return this.moderation.close(admin, id, body.reason);
  }

  @Endpoint(c.adminReopenProject)
  reopen(@CurrentUser() admin: User, @In.params() { id }: Id, @In.body() body: ValidBodyOf<typeof c.adminReopenProject>) {
    return this.moderation.reopen(admin, id, body.reason, body.deadline);
  }

  @Endpoint(c.adminEditProject)
  edit(@CurrentUser() admin: User, @In.params() { id }: Id, @In.body() body: ValidBodyOf<typeof c.adminEditProject>) {
    return this.moderation.edit(admin, id, body);
  }

  @Endpoint(c.adminProjectApplications)
  applications(
    @CurrentUser() admin: User,
    @In.params() { id }: Id,
    @In.query() q: ValidQueryOf<typeof c.adminProjectApplications>,
  ) {
    return this.moderation.applications(admin, id, q.page, q.pageSize);
  }

  @Endpoint(c.reviewProject)
  review(@CurrentUser() admin: User, @In.params() { id }: Id, @In.body() body: ValidBodyOf<typeof c.reviewProject>) {
    return this.moderation.review(admin, id, body);
  }
}

/** The conversation on an application: its student and its project's company (anyone else gets 404). */
@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Endpoint(c.thread)
  thread(@CurrentUser() user: User, @In.params() { id }: Id) {
    return this.messages.thread(user, id);
  }

  @Endpoint(c.sendMessage)
  send(@CurrentUser() user: User, @In.params() { id }: Id, @In.body() body: ValidBodyOf<typeof c.sendMessage>) {
    return this.messages.send(user, id, body.body);
  }

  @Endpoint(c.unreadMessages)
  unread(@CurrentUser() user: User) {
    return this.messages.unread(user.id);
  }
}
