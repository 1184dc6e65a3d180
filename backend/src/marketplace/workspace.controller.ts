import { Controller } from '@nestjs/common';
import { api, type ValidBodyOf, type ValidParamsOf, type ValidQueryOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentUser } from '../common/auth.js';
import type { User } from '../identity/index.js';
import { WorkspaceService } from './workspace.service.js';
import { ReviewModerationService } from './review-moderation.service.js';

const c = api.workspace;
type Milestone = ValidParamsOf<typeof c.editMilestone>;

/**
 * An accepted application's workspace: its student, its project's company, admins reading (anyone
 * else gets 404); its ending and the reviews both ways; admins' look at reported reviews.
 */
@Controller()
export class WorkspaceController {
  constructor(
    private readonly workspace: WorkspaceService,
    private readonly reviews: ReviewModerationService,
  ) {}

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

  @Endpoint(c.complete)
  complete(@CurrentUser() user: User, @In.params() { id }: ValidParamsOf<typeof c.complete>) {
    return this.workspace.complete(user, id);
  }

  @Endpoint(c.end)
  end(@CurrentUser() user: User, @In.params() { id }: ValidParamsOf<typeof c.end>, @In.body() body: ValidBodyOf<typeof c.end>) {
    return this.workspace.endEarly(user, id, body);
  }

  @Endpoint(c.review)
  writeReview(
    @CurrentUser() user: User,
    @In.params() { id }: ValidParamsOf<typeof c.review>,
    @In.body() body: ValidBodyOf<typeof c.review>,
  ) {
    return this.workspace.review(user, id, body);
  }

  @Endpoint(c.report)
  report(
    @CurrentUser() user: User,
    @In.params() p: ValidParamsOf<typeof c.report>,
    @In.body() body: ValidBodyOf<typeof c.report>,
  ) {
    return this.workspace.report(user, p.id, p.reviewId, body);
  }

  @Endpoint(c.reportedReviews)
  reported(@In.query() q: ValidQueryOf<typeof c.reportedReviews>) {
    return this.reviews.list(q.page, q.pageSize);
  }

  @Endpoint(c.moderateReview)
  moderate(
    @CurrentUser() admin: User,
    @In.params() { id }: ValidParamsOf<typeof c.moderateReview>,
    @In.body() body: ValidBodyOf<typeof c.moderateReview>,
  ) {
    return this.reviews.moderate(admin, id, body.action);
  }
}
