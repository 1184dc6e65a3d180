import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import {
  MILESTONES_MAX,
  type DeliverableBody,
  type MilestoneBody,
  type MilestoneStatus,
  type DeliverableReviewBody,
  type Workspace,
} from '@mashrou/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { DeliverableReviewed, DeliverableSubmitted, MilestoneSet } from '../events/event-catalogue.js';
import { AccountsService, type User } from '../identity/index.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { MarketplaceDB } from './marketplace.db.js';
import { deliverablesOf } from './workspace.queries.js';
import { today } from './views.js';

type Db = Kysely<MarketplaceDB>;
type Side = Workspace['role'];

interface Place {
  applicationId: string;
  accepted: boolean;
  projectTitle: string;
  companyName: string;
  studentName: string;
  side: Side;
}

const notFound = () => new NotFoundError('application-not-found', 'This application does not exist.');
const notOpen = () => new ConflictError('workspace-not-open', 'The workspace opens once the company accepts the application.');

/**
 * The workspace of an accepted application: the company sets milestones (and changes or removes one
 * until something is handed in for it); the student hands in a deliverable for each, again after
 * changes are asked for, until it is accepted; the company accepts or asks for changes with feedback.
 * Only its student, its project's company and admins see it (anyone else: 404, as if it did not
 * exist); admins only read. Each step is announced through the outbox in its own transaction.
 */
@Injectable()
export class WorkspaceService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
    private readonly accounts: AccountsService,
  ) {}

  private db(): Db {
    return this.orm.em.getKysely<MarketplaceDB>({ convertValues: true });
  }

  /** The caller's side of the application's workspace (404 for anyone else). */
  private async place(user: User, applicationId: string, db: Db, lock = false): Promise<Place> {
    let query = db
      .selectFrom('applications as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select(['a.id', 'a.status', 'a.student_id', 'p.company_id', 'p.company_name', 'p.title'])
      .where('a.id', '=', applicationId);
    // A change holds the application's row: a withdrawal or a second change waits its turn.
    if (lock) query = query.forUpdate('a');
    const row = await query.executeTakeFirst();
    if (!row?.student_id || !row.company_id) throw notFound();
    const side: Side | undefined =
      user.id === row.student_id
        ? 'student'
        : user.id === row.company_id
          ? 'company'
          : user.userType === 'admin'
            ? 'admin'
            : undefined;
    if (!side) throw notFound();
    const student = await this.accounts.profiles([row.student_id]);
    return {
      applicationId: row.id,
      accepted: row.status === 'accepted',
      projectTitle: row.title,
      companyName: row.company_name,
      studentName: student.get(row.student_id)?.fullName ?? '',
      side,
    };
  }

  async read(user: User, applicationId: string): Promise<Workspace> {
    const db = this.db();
    const place = await this.place(user, applicationId, db);
    if (!place.accepted) throw notOpen();
    return this.view(db, place);
  }

  /** The whole workspace as its reader sees it. */
  private async view(db: Db, place: Place): Promise<Workspace> {
    const milestones = await db
      .selectFrom('milestones')
      .select(['id', 'title', 'expectations', sql<string>`to_char(due_on, 'YYYY-MM-DD')`.as('due_on'), 'status'])
      .where('application_id', '=', place.applicationId)
      .orderBy('due_on')
      .orderBy('created_at')
      .execute();
    const deliverables = await deliverablesOf(
      db,
      milestones.map((m) => m.id),
    );
    const day = today();
    const views = milestones.map((m) => ({
      id: m.id,
      title: m.title,
      expectations: m.expectations,
      dueOn: m.due_on,
      status: m.status,
      overdue: m.status !== 'accepted' && m.due_on < day,
      deliverables: deliverables
        .filter((d) => d.milestone_id === m.id)
        .map((d) => ({
          id: d.id,
          text: d.body,
          links: d.links,
          submittedAt: new Date(d.submitted_at).toISOString(),
          outcome: d.outcome,
          feedback: d.feedback,
          reviewedAt: d.reviewed_at ? new Date(d.reviewed_at).toISOString() : null,
        })),
    }));
    return {
      applicationId: place.applicationId,
      projectTitle: place.projectTitle,
      companyName: place.companyName,
      studentName: place.studentName,
      role: place.side,
      milestones: views,
      progress: {
        total: views.length,
        accepted: views.filter((m) => m.status === 'accepted').length,
        waitingForReview: views.filter((m) => m.status === 'submitted').length,
        overdue: views.filter((m) => m.overdue).length,
      },
    };
  }

  /**
   * A change by `side` in a transaction holding the application, then the workspace as it is after
   * it. `change` returns the events to announce.
   */
  private change(
    user: User,
    applicationId: string,
    side: 'student' | 'company',
    change: (db: Db, place: Place) => Promise<(MilestoneSet | DeliverableSubmitted | DeliverableReviewed)[]>,
  ): Promise<Workspace> {
    return this.orm.em.fork().transactional(async (tx) => {
      const db = tx.getKysely<MarketplaceDB>({ convertValues: true });
      const place = await this.place(user, applicationId, db, true);
      // The other side, or an admin, cannot do this here: as if it did not exist.
      if (place.side !== side) throw notFound();
      if (!place.accepted) throw notOpen();
      for (const event of await change(db, place)) this.outbox.publish(tx, event);
      return this.view(db, place);
    });
  }

  /** A milestone of this workspace, held for the change (404 if it is not one of its). */
  private async milestone(db: Db, place: Place, milestoneId: string) {
    const row = await db
      .selectFrom('milestones')
      .select(['id', 'status', sql<string>`to_char(due_on, 'YYYY-MM-DD')`.as('due_on')])
      .where('id', '=', milestoneId)
      .where('application_id', '=', place.applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new NotFoundError('application-not-found', 'This milestone does not exist.');
    return row;
  }

  /** The due date asked for: today or later, unless it is the milestone's own date left as it was. */
  private static dueOn(body: MilestoneBody, current?: string) {
    if (body.dueOn !== current && body.dueOn < today()) throw new ValidationError({ dueOn: ['in-the-past'] });
    return body.dueOn;
  }

  addMilestone(user: User, applicationId: string, body: MilestoneBody) {
    return this.change(user, applicationId, 'company', async (db, place) => {
      const dueOn = WorkspaceService.dueOn(body);
      const { n } = await db
        .selectFrom('milestones')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('application_id', '=', place.applicationId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= MILESTONES_MAX)
        throw new ConflictError('too-many-milestones', `A workspace holds at most ${MILESTONES_MAX} milestones.`);
      const id = randomUUID();
      await db
        .insertInto('milestones')
        .values({
          id,
          application_id: place.applicationId,
          title: body.title,
          expectations: body.expectations ?? '',
          due_on: dueOn,
          status: 'open',
          overdue_told_at: null,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
      return [new MilestoneSet({ milestoneId: id })];
    });
  }

  private static untouched(status: MilestoneStatus) {
    if (status !== 'open')
      throw new ConflictError('milestone-submitted', 'Something was handed in for this milestone: it can no longer change.');
  }

  editMilestone(user: User, applicationId: string, milestoneId: string, body: MilestoneBody) {
    return this.change(user, applicationId, 'company', async (db, place) => {
      const m = await this.milestone(db, place, milestoneId);
      WorkspaceService.untouched(m.status);
      await db
        .updateTable('milestones')
        .set({
          title: body.title,
          expectations: body.expectations ?? '',
          due_on: WorkspaceService.dueOn(body, m.due_on),
          // A new day: reminded again if that one passes too.
          ...(body.dueOn !== m.due_on && { overdue_told_at: null }),
          updated_at: new Date(),
        })
        .where('id', '=', m.id)
        .execute();
      return [];
    });
  }

  removeMilestone(user: User, applicationId: string, milestoneId: string) {
    return this.change(user, applicationId, 'company', async (db, place) => {
      const m = await this.milestone(db, place, milestoneId);
      WorkspaceService.untouched(m.status);
      await db.deleteFrom('milestones').where('id', '=', m.id).execute();
      return [];
    });
  }

  async submitDeliverable(user: User, applicationId: string, milestoneId: string, body: DeliverableBody) {
    await this.limits.enforce('too-many-requests', 'You are handing in too quickly. Please wait a moment.', {
      key: `deliverables:hour:${user.id}`,
      max: 30,
      windowS: 3600,
    });
    return this.change(user, applicationId, 'student', async (db, place) => {
      const m = await this.milestone(db, place, milestoneId);
      if (m.status === 'accepted')
        throw new ConflictError('milestone-accepted', 'This milestone is accepted: nothing more to hand in.');
      // One hand-in waits for the company at a time: what it reviews is what it read.
      if (m.status === 'submitted')
        throw new ConflictError(
          'milestone-submitted',
          'Your work is waiting for the company’s review: you can hand in again if it asks for changes.',
        );
      const id = randomUUID();
      await db
        .insertInto('deliverables')
        .values({ id, milestone_id: m.id, body: body.text, links: body.links ?? [], submitted_at: new Date() })
        .execute();
      await db.updateTable('milestones').set({ status: 'submitted', updated_at: new Date() }).where('id', '=', m.id).execute();
      return [new DeliverableSubmitted({ deliverableId: id })];
    });
  }

  reviewDeliverable(user: User, applicationId: string, milestoneId: string, body: DeliverableReviewBody) {
    return this.change(user, applicationId, 'company', async (db, place) => {
      const m = await this.milestone(db, place, milestoneId);
      const latest = await db
        .selectFrom('deliverables')
        .select(['id', 'outcome'])
        .where('milestone_id', '=', m.id)
        .orderBy('submitted_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (m.status !== 'submitted' || !latest || latest.outcome)
        throw new ConflictError('nothing-to-review', 'Nothing handed in waits for your review on this milestone.');
      const now = new Date();
      await db
        .updateTable('deliverables')
        .set({ outcome: body.outcome, feedback: body.feedback || null, reviewed_at: now })
        .where('id', '=', latest.id)
        .execute();
      await db.updateTable('milestones').set({ status: body.outcome, updated_at: now }).where('id', '=', m.id).execute();
      return [new DeliverableReviewed({ deliverableId: latest.id })];
    });
  }
}
