import { MikroORM, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { PublishedEvent } from '../events/event-catalogue.js';
import { HandlesEvent, type EventHandler, type HandlerContext } from '../events/event-handler.js';
import { AccountsService } from '../identity/index.js';
import { MarketplaceRecords } from '../marketplace/index.js';
import { Notifier } from '../notifications/index.js';
import type { InvitationSchema } from './admin.entities.js';
import { reasonText } from './ranking-wording.js';

type DB = InferKyselyDB<typeof InvitationSchema>;

/** CandidateInvited → the student (in the app and by email), with a link to the project and why they were picked. */
@HandlesEvent({ event: 'CandidateInvited', name: 'emailStudent', queue: 'notifications' })
export class CandidateInvitedHandler implements EventHandler<'CandidateInvited'> {
  constructor(
    private readonly orm: MikroORM,
    private readonly accounts: AccountsService,
    private readonly market: MarketplaceRecords,
    private readonly notifier: Notifier,
  ) {}

  async handle(event: PublishedEvent<'CandidateInvited'>, ctx: HandlerContext) {
    const invitation = await this.orm.em
      .fork()
      .getKysely<DB>({ convertValues: true })
      .selectFrom('invitations')
      .select(['student_id', 'project_id', 'reasons'])
      .where('id', '=', event.payload.invitationId)
      .executeTakeFirst();
    if (!invitation) return 'skipped';
    const [project, student] = await Promise.all([
      this.market.project(invitation.project_id),
      this.accounts.recipient(invitation.student_id),
    ]);
    if (!project || !student || project.status !== 'open') return 'skipped';
    const facts = { projectId: project.id, projectTitle: project.title, companyName: project.company_name };
    // In the app too, whatever the email setting: the bell opens the project with "Apply".
    return this.notifier.tell(ctx.jobKey, student, {
      kind: 'invited',
      facts,
      about: project.company_id,
      mail: 'CandidateInvited',
      props: {
        ...facts,
        reasons: invitation.reasons.slice(0, 3).map((r) => (typeof r === 'string' ? r : reasonText(r, student.locale))),
        projectUrl: this.notifier.url(`/dashboard/browse-projects?project=${project.id}`),
      },
    });
  }
}
