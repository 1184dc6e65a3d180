import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import {
  MILESTONES_MAX,
  type CompanyReviewBody,
  type DeliverableBody,
  type EndBody,
  type PeerReview,
  type ReportBody,
  type StudentReviewBody,
  type MilestoneBody,
  type MilestoneStatus,
  type DeliverableReviewBody,
  type Workspace,
} from '@mashrou/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import {
  DeliverableReviewed,
  DeliverableSubmitted,
  EngagementEnded,
  MilestoneChanged,
  MilestoneSet,
  ReviewWritten,
} from '../events/event-catalogue.js';
import { AccountsService, type User } from '../identity/index.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { StorageService, type StorageDB } from '../storage/index.js';
import type { MarketplaceDB } from './marketplace.db.js';
import { heldPlace, workspaceOf, type MilestoneRow, type PlaceRow, type Reader } from './workspace.queries.js';
import { reviewsCloseAt, reviewsOf } from './reviews.queries.js';
import { CertificatesService } from './certificates.service.js';
import { today } from './views.js';

type Db = Kysely<MarketplaceDB>;
type Side = Workspace['role'];
type Event = MilestoneSet | MilestoneChanged | DeliverableSubmitted | DeliverableReviewed | EngagementEnded | ReviewWritten;

interface Place {
  applicationId: string;
  accepted: boolean;
  projectTitle: string;
  companyName: string;
  studentId: string;
  companyId: string;
  skills: string[];
  ending: { outcome: 'completed' | 'ended-early'; reason: string | null; endedAt: Date } | null;
  side: Side;
}

const notFound = () => new NotFoundError('application-not-found', 'This application does not exist.');
const notOpen = () => new ConflictError('workspace-not-open', 'The workspace opens once the company accepts the application.');
const ended = () => new ConflictError('engagement-ended', 'This engagement has ended: its milestones no longer change.');

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
    private readonly certificates: CertificatesService,
    private readonly storage: StorageService,
  ) {}

  private db(): Db {
    return this.orm.em.getKysely<MarketplaceDB>({ convertValues: true });
  }

  private static reader(user: User): Reader {
    return { id: user.id, admin: user.userType === 'admin' };
  }

  /** The caller's side of the application's workspace (404 for anyone else). */
  private static place(user: User, row: PlaceRow | undefined): Place {
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
    return {
      applicationId: row.id,
      accepted: row.status === 'accepted',
      projectTitle: row.title,
      companyName: row.company_name,
      studentId: row.student_id,
      companyId: row.company_id,
      skills: row.skills,
      ending: row.outcome && row.ended_at ? { outcome: row.outcome, reason: row.reason, endedAt: new Date(row.ended_at) } : null,
      side,
    };
  }

  async read(user: User, applicationId: string): Promise<Workspace> {
    // A hand-written statement: its values need no conversion (timestamps come as text).
    const row = await workspaceOf(this.orm.em.getKysely<MarketplaceDB>(), applicationId, WorkspaceService.reader(user));
    const place = WorkspaceService.place(user, row);
    if (!place.accepted) throw notOpen();
    return this.view(this.db(), place, row?.milestones ?? []);
  }

  /**
   * The whole workspace as its reader sees it, from its milestones and hand-ins (workspaceOf): the
   * student's name, the reviews and the certificate once it ended, and the files handed in, at once.
   */
  private async view(db: Db, place: Place, milestones: MilestoneRow[]): Promise<Workspace> {
    const fileIds = [...new Set(milestones.flatMap((m) => m.deliverables.flatMap((d) => d.file_ids)))];
    const [students, reviews, certificate, files] = await Promise.all([
      this.accounts.profiles([place.studentId]),
      place.ending ? this.reviews(db, place, place.ending.endedAt) : null,
      // The student's own (and admins'): the company has no use for it, and anyone has its public page.
      place.ending?.outcome === 'completed' && place.side !== 'company'
        ? this.certificates.ofApplication(db, place.applicationId)
        : null,
      // The files handed in, as they are now (one the student deleted since is left out).
      this.storage.describeMany(fileIds),
    ]);
    const day = today();
    const views = milestones.map((m) => ({
      id: m.id,
      title: m.title,
      expectations: m.expectations,
      dueOn: m.due_on,
      status: m.status,
      overdue: m.status !== 'accepted' && m.due_on < day,
      deliverables: m.deliverables.map((d) => ({
        id: d.id,
        text: d.body,
        links: d.links,
        files: d.file_ids.flatMap((id) => {
          const f = files.get(id);
          return f ? [{ id, name: f.name, contentType: f.contentType, size: f.size, url: `/api/files/${id}` }] : [];
        }),
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
      studentName: students.get(place.studentId)?.fullName ?? '',
      role: place.side,
      milestones: views,
      progress: {
        total: views.length,
        accepted: views.filter((m) => m.status === 'accepted').length,
        waitingForReview: views.filter((m) => m.status === 'submitted').length,
        overdue: views.filter((m) => m.overdue).length,
      },
      canComplete: !place.ending && views.length > 0 && views.every((m) => m.status === 'accepted'),
      ending: place.ending && {
        outcome: place.ending.outcome,
        reason: place.ending.reason,
        endedAt: place.ending.endedAt.toISOString(),
      },
      reviews,
      certificate,
    };
  }

  /**
   * The reviews as the reader may see them: their own at once; the other side's once both are in or
   * the window closed, unless an admin hid it; admins see both, hidden or not. Whether a review was
   * reported shows to admins and to the side it is about, never to its author.
   */
  private async reviews(db: Db, place: Place, endedAt: Date): Promise<NonNullable<Workspace['reviews']>> {
    const rows = await reviewsOf(db, place.applicationId);
    const closesAt = reviewsCloseAt(endedAt);
    const open = Date.now() < closesAt.getTime();
    const shown = rows.length === 2 || !open;
    const view = (r: (typeof rows)[number]): PeerReview => ({
      id: r.id,
      author: r.author,
      overall: Number(r.overall),
      scores: r.scores,
      text: r.body,
      createdAt: new Date(r.created_at).toISOString(),
      reported: r.reported_at !== null && r.author !== place.side,
      hidden: r.hidden_at !== null,
    });
    const mine = rows.find((r) => r.author === place.side);
    return {
      closesAt: closesAt.toISOString(),
      open,
      canWrite: place.side !== 'admin' && !mine && open,
      mine: mine ? view(mine) : null,
      shown:
        place.side === 'admin' ? rows.map(view) : rows.filter((r) => r.author !== place.side && shown && !r.hidden_at).map(view),
      skills: place.skills,
    };
  }

  /**
   * A change by `side` in a transaction holding the application, then the workspace as it is after
   * it. `change` returns the events to announce.
   */
  private change(
    user: User,
    applicationId: string,
    side: 'student' | 'company' | 'either',
    change: (db: Db, place: Place) => Promise<Event[]>,
    stage: 'under way' | 'ended' = 'under way',
  ): Promise<Workspace> {
    return this.orm.em.fork().transactional(async (tx) => {
      const db = tx.getKysely<MarketplaceDB>({ convertValues: true });
      // A change holds the application's row: a withdrawal or a second change waits its turn.
      const row = await heldPlace(db, applicationId);
      const place = WorkspaceService.place(user, row);
      // The other side, or an admin, cannot do this here: as if it did not exist.
      if (place.side === 'admin' || (side !== 'either' && place.side !== side)) throw notFound();
      if (!place.accepted) throw notOpen();
      if (stage === 'under way' && place.ending) throw ended();
      if (stage === 'ended' && !place.ending)
        throw new ConflictError(
          'engagement-not-ended',
          'Reviews open once the company marks the engagement complete or ends it.',
        );
      for (const event of await change(db, place)) this.outbox.publish(tx, event);
      return this.view(db, place, (await workspaceOf(db, applicationId, WorkspaceService.reader(user)))?.milestones ?? []);
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
      return [new MilestoneChanged({ applicationId: place.applicationId, action: 'edited', milestoneId: m.id })];
    });
  }

  removeMilestone(user: User, applicationId: string, milestoneId: string) {
    return this.change(user, applicationId, 'company', async (db, place) => {
      const m = await this.milestone(db, place, milestoneId);
      WorkspaceService.untouched(m.status);
      await db.deleteFrom('milestones').where('id', '=', m.id).execute();
      return [new MilestoneChanged({ applicationId: place.applicationId, action: 'removed' })];
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
      // Only the student's own files; handing them in lets the company read them.
      const fileIds = [...new Set(body.fileIds ?? [])];
      const storage = db.$extendTables<StorageDB>();
      for (const fileId of fileIds) {
        await this.storage.assertOwned(storage, user.id, fileId);
        await this.storage.share(storage, fileId, place.companyId);
      }
      const id = randomUUID();
      await db
        .insertInto('deliverables')
        .values({
          id,
          milestone_id: m.id,
          body: body.text,
          links: body.links ?? [],
          file_ids: fileIds,
          submitted_at: new Date(),
        })
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

  /** The company marks the engagement complete once every milestone is accepted (there must be one). */
  complete(user: User, applicationId: string) {
    return this.change(user, applicationId, 'company', async (db, place) => {
      const statuses = await db
        .selectFrom('milestones')
        .select('status')
        .where('application_id', '=', place.applicationId)
        .execute();
      if (!statuses.length || statuses.some((m) => m.status !== 'accepted'))
        throw new ConflictError('milestones-not-accepted', 'Every milestone must be accepted before the engagement is complete.');
      await this.end(db, place, 'completed', null);
      await this.certificates.issue(db, place.applicationId);
      return [new EngagementEnded({ applicationId: place.applicationId })];
    });
  }

  /** The company ends the engagement before every milestone is accepted, with a reason the student reads. */
  endEarly(user: User, applicationId: string, body: EndBody) {
    return this.change(user, applicationId, 'company', async (db, place) => {
      await this.end(db, place, 'ended-early', body.reason);
      return [new EngagementEnded({ applicationId: place.applicationId })];
    });
  }

  /** Writes the ending, and puts it on `place` so the answer shows it. */
  private async end(db: Db, place: Place, outcome: 'completed' | 'ended-early', reason: string | null) {
    const endedAt = new Date();
    await db
      .insertInto('engagement_endings')
      .values({ application_id: place.applicationId, outcome, reason, ended_at: endedAt })
      .execute();
    place.ending = { outcome, reason, endedAt };
  }

  /**
   * One side reviews the other once the engagement ended, once, within the window: a company its
   * student (overall and the project's skills), a student the company (three criteria).
   */
  review(user: User, applicationId: string, body: StudentReviewBody | CompanyReviewBody) {
    return this.change(
      user,
      applicationId,
      'either',
      async (db, place) => {
        const author = place.side as 'student' | 'company';
        if (!place.ending || Date.now() >= reviewsCloseAt(place.ending.endedAt).getTime())
          throw new ConflictError('review-window-closed', 'The time to review this engagement has passed.');
        const mine = await db
          .selectFrom('reviews')
          .select('id')
          .where('application_id', '=', place.applicationId)
          .where('author', '=', author)
          .executeTakeFirst();
        if (mine) throw new ConflictError('already-reviewed', 'You already reviewed this engagement.');
        const { overall, scores, text } = WorkspaceService.marks(author, body, place.skills);
        const id = randomUUID();
        await db
          .insertInto('reviews')
          .values({
            id,
            application_id: place.applicationId,
            author,
            overall: overall.toFixed(2),
            scores,
            body: text ?? '',
            created_at: new Date(),
            reported_at: null,
            report_reason: null,
            hidden_at: null,
            looked_at: null,
          })
          .execute();
        return [new ReviewWritten({ reviewId: id })];
      },
      'ended',
    );
  }

  /** A review's marks as stored, from the body the author's side sends (the other side's body is refused). */
  private static marks(author: 'student' | 'company', body: StudentReviewBody | CompanyReviewBody, skills: string[]) {
    if (author === 'company') {
      if (!('overall' in body)) throw new ValidationError({ overall: ['required'] });
      const given = body.skills ?? {};
      const unknown = Object.keys(given).filter((k) => !skills.includes(k));
      if (unknown.length) throw new ValidationError({ skills: ['unknown-skill'] });
      return { overall: body.overall, scores: given, text: body.text };
    }
    if (!('clearBrief' in body)) throw new ValidationError({ clearBrief: ['required'] });
    const scores = { clearBrief: body.clearBrief, communication: body.communication, respectOfTime: body.respectOfTime };
    return { overall: (scores.clearBrief + scores.communication + scores.respectOfTime) / 3, scores, text: body.text };
  }

  /** The side a review is about reports it to admins (once), while it shows to them. */
  report(user: User, applicationId: string, reviewId: string, body: ReportBody) {
    return this.change(
      user,
      applicationId,
      'either',
      async (db, place) => {
        const view = await this.reviews(db, place, place.ending?.endedAt ?? new Date());
        const review = view.shown.find((r) => r.id === reviewId);
        if (!review) throw new NotFoundError('review-not-found', 'This review does not exist.');
        if (review.reported) throw new ConflictError('already-reported', 'You already reported this review.');
        await db
          .updateTable('reviews')
          .set({ reported_at: new Date(), report_reason: body.reason, looked_at: null })
          .where('id', '=', reviewId)
          .execute();
        return [];
      },
      'ended',
    );
  }
}
