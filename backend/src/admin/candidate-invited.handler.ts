import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { PublishedEvent } from '../events/event-catalogue.js';
import { HandlesEvent, type EventHandler, type HandlerContext } from '../events/event-handler.js';
import { IdentityService } from '../identity/identity.service.js';
import { EmailDeliveryService } from '../notifications/email-delivery.service.js';

/** CandidateInvited → the student, with a link to the project and why they were picked. */
@Injectable()
@HandlesEvent({ event: 'CandidateInvited', name: 'emailStudent', queue: 'notifications' })
export class CandidateInvitedHandler implements EventHandler<'CandidateInvited'> {
  constructor(
    private readonly orm: MikroORM,
    private readonly identity: IdentityService,
    private readonly delivery: EmailDeliveryService,
  ) {}

  async handle(event: PublishedEvent<'CandidateInvited'>, ctx: HandlerContext) {
    const [row] = await this.orm.em.fork().execute<{ student_id: string; project_id: string; title: string; company_name: string; status: string; reasons: string[] }[]>(
      `select i.student_id, i.project_id, i.reasons, p.title, p.company_name, p.status
         from invitations i join projects p on p.id = i.project_id where i.id = ?`,
      [event.payload.invitationId],
    );
    const student = row ? await this.identity.findUser(row.student_id) : null;
    if (!row || !student || !student.active || row.status !== 'open') return 'skipped';
    return this.delivery.notify(ctx.jobKey, student, 'CandidateInvited', {
      fullName: student.fullName,
      projectTitle: row.title,
      companyName: row.company_name,
      reasons: row.reasons.slice(0, 3),
      projectUrl: this.delivery.url(`/dashboard/browse-projects?project=${row.project_id}`),
      preferencesUrl: this.delivery.links().preferencesUrl,
    });
  }
}
