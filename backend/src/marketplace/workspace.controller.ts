import { Controller } from '@nestjs/common';
import { api, type ValidBodyOf, type ValidParamsOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentUser } from '../common/auth.js';
import type { User } from '../identity/index.js';
import { WorkspaceService } from './workspace.service.js';

const c = api.workspace;
type Milestone = ValidParamsOf<typeof c.editMilestone>;

/** An accepted application's workspace: its student, its project's company, admins reading (anyone else gets 404). */
@Controller()
export class WorkspaceController {
  constructor(private readonly workspace: WorkspaceService) {}

  @Endpoint(c.workspace)
  read(@CurrentUser() user: User, @In.params() { id }: ValidParamsOf<typeof c.workspace>) {
    return this.workspace.read(user, id);
  }

  @Endpoint(c.addMilestone)
  add(
    @CurrentUser() user: User,
    @In.params() { id }: ValidParamsOf<typeof c.addMilestone>,
    @In.body() body: ValidBodyOf<typeof c.addMilestone>,
  ) {
    return this.workspace.addMilestone(user, id, body);
  }

  @Endpoint(c.editMilestone)
  edit(@CurrentUser() user: User, @In.params() p: Milestone, @In.body() body: ValidBodyOf<typeof c.editMilestone>) {
    return this.workspace.editMilestone(user, p.id, p.milestoneId, body);
  }

  @Endpoint(c.removeMilestone)
  remove(@CurrentUser() user: User, @In.params() p: Milestone) {
    return this.workspace.removeMilestone(user, p.id, p.milestoneId);
  }

  @Endpoint(c.submitDeliverable)
  submit(@CurrentUser() user: User, @In.params() p: Milestone, @In.body() body: ValidBodyOf<typeof c.submitDeliverable>) {
    return this.workspace.submitDeliverable(user, p.id, p.milestoneId, body);
  }

  @Endpoint(c.reviewDeliverable)
  review(@CurrentUser() user: User, @In.params() p: Milestone, @In.body() body: ValidBodyOf<typeof c.reviewDeliverable>) {
    return this.workspace.reviewDeliverable(user, p.id, p.milestoneId, body);
  }
}
