import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { batchLoader, isUuid } from '../common/batch-loader.js';
import { OutboxService } from '../events/outbox.service.js';
import { ProjectClosed } from '../events/event-catalogue.js';
import * as q from './records.queries.js';
import { engagementFigures, REVIEW_COLUMNS, REVIEW_SHOWS } from './reviews.queries.js';
import { alertFor, digestProjects } from './saved-searches.queries.js';
import { deliverablesOf } from './workspace.queries.js';
import type { MarketplaceDB } from './marketplace.db.js';
import { UNDECIDED } from './views.js';

/**
 * The marketplace as other modules see it: figures for the admin dashboard, a person's projects or
 * applications for Manage Users, open projects for AI Recruitment, lookups for mail handlers, and
 * the marketplace's part of an erasure.
 */
@Injectable()
export class MarketplaceRecords {
  /** The mail handlers' lookups of the jobs running at once, one query per turn of the event loop. */
  private readonly forMail = batchLoader(async (ids) => {
    // a malformed id is not found (it must not fail the other lookups batched with it)
    const rows = await q.applicationsForMail(this.orm.em.getKysely<MarketplaceDB>(), ids.filter(isUuid));
    return new Map(rows.map((r) => [r.id, r]));
  });

  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
  ) {}

  private db(em: EntityManager = this.orm.em.fork()) {
    return em.getKysely<MarketplaceDB>({ convertValues: true });
  }

  async figures() {
    const db = this.db();
    const [market, engagements] = await Promise.all([q.figures(db), engagementFigures(db)]);
    return { ...market, engagements };
  }

  projectsOfCompany(companyId: string) {
    return q.projectsOfCompany(this.db(), companyId);
  }

  applicationsOfStudent(studentId: string) {
    return q.applicationsOfStudent(this.db(), studentId);
  }

  openProjects(title: string | undefined) {
    return q.openProjects(this.db(), title);
  }

  /** A project's row (snake_case, timestamps as text), or undefined. */
  project(id: string) {
    return q.projectById(this.orm.em.getKysely<MarketplaceDB>(), id);
  }

  /** What a mail about an application needs of it and its project (batched with the other jobs' lookups), or undefined. */
  applicationForMail(id: string) {
    return this.forMail.load(id);
  }

  /** A message with its sender, recipient and application (for the mail and the bell), or undefined. */
  message(id: string) {
    return isUuid(id)
      ? this.db()
          .selectFrom('messages')
          .select(['id', 'application_id', 'sender_id', 'recipient_id', 'created_at', 'read_at'])
          .where('id', '=', id)
          .executeTakeFirst()
      : Promise.resolve(undefined);
  }

  /**
   * What a notice about a workspace step needs: its milestone, application and project, and (for a
   * hand-in) the company's answer. `by`: the milestone's id or a deliverable's. Undefined if gone.
   */
  workItem(by: { milestoneId: string } | { deliverableId: string }) {
    const id = 'milestoneId' in by ? by.milestoneId : by.deliverableId;
    if (!isUuid(id)) return Promise.resolve(undefined);
    return this.db()
      .selectFrom('milestones as m')
      .innerJoin('applications as a', 'a.id', 'm.application_id')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .leftJoin('deliverables as d', (j) =>
        'deliverableId' in by ? j.onRef('d.milestone_id', '=', 'm.id').on('d.id', '=', id) : j.on(sql<boolean>`false`),
      )
      .select([
        'm.title as milestone_title',
        'm.status as milestone_status',
        sql<string>`to_char(m.due_on, 'YYYY-MM-DD')`.as('due_on'),
        'a.status',
        'a.student_id',
        'p.id as project_id',
        'p.title',
        'p.company_id',
        'p.company_name',
        'd.outcome',
      ])
      .where('milestoneId' in by ? 'm.id' : 'd.id', '=', id)
      .executeTakeFirst();
  }

  /** The students a newly approved project alerts (once each), and whether each asked to hear in the app. */
  alertSavedSearches(projectId: string) {
    return alertFor(this.db(), projectId);
  }

  /** The projects of a student's daily digest (the run's claim). */
  searchDigest(userId: string, claim: string) {
    return digestProjects(this.db(), userId, claim);
  }

  /** An application with its project and company (a workspace change's notice). */
  applicationItem(applicationId: string) {
    if (!isUuid(applicationId)) return Promise.resolve(undefined);
    return this.db()
      .selectFrom('applications as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select(['a.status', 'a.student_id', 'p.id as project_id', 'p.title', 'p.company_id', 'p.company_name'])
      .where('a.id', '=', applicationId)
      .executeTakeFirst();
  }

  /** An engagement that ended, with its project and how it ended (the ending's notice). */
  engagementItem(applicationId: string) {
    if (!isUuid(applicationId)) return Promise.resolve(undefined);
    return this.db()
      .selectFrom('engagement_endings as e')
      .innerJoin('applications as a', 'a.id', 'e.application_id')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select(['e.outcome', 'e.reason', 'a.student_id', 'p.id as project_id', 'p.title', 'p.company_id', 'p.company_name'])
      .where('e.application_id', '=', applicationId)
      .executeTakeFirst();
  }

  /** A review, with its engagement's sides and whether both reviews are in now (a review's notice). */
  reviewItem(reviewId: string) {
    if (!isUuid(reviewId)) return Promise.resolve(undefined);
    return this.db()
      .selectFrom('reviews as r')
      .innerJoin('applications as a', 'a.id', 'r.application_id')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select((eb) => [
        'r.author',
        'a.student_id',
        'p.id as project_id',
        'p.title',
        'p.company_id',
        'p.company_name',
        eb
          .selectFrom('reviews as o')
          .whereRef('o.application_id', '=', 'r.application_id')
          .whereRef('o.author', '<>', 'r.author')
          .select((o) => o.fn.countAll<string>().as('n'))
          .as('answered'),
      ])
      .where('r.id', '=', reviewId)
      .executeTakeFirst();
  }

  /** Whether the recipient was already written to in this conversation in the `windowMs` before `at` (an email then went, or is going). */
  async wroteShortlyBefore(applicationId: string, recipientId: string, messageId: string, at: Date, windowMs: number) {
    const row = await this.db()
      .selectFrom('messages')
      .select('id')
      .where('application_id', '=', applicationId)
      .where('recipient_id', '=', recipientId)
      // Strictly earlier, by time then id: of two messages at the same instant only the first counts as earlier.
      .where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', messageId)])]))
      .where('created_at', '>', new Date(at.getTime() - windowMs))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The students of a project's undecided applications (the company has said neither yes nor no). */
  async undecidedStudents(projectId: string): Promise<string[]> {
    const rows = await this.db()
      .selectFrom('applications')
      .select('student_id')
      .where('project_id', '=', projectId)
      .where('status', 'in', [...UNDECIDED])
      .where('student_id', 'is not', null)
      .orderBy('created_at')
      .execute();
    return rows.flatMap((r) => (r.student_id ? [r.student_id] : []));
  }

  /** A company's projects with applicants undecided since before `cutoff`, most waiting first (the weekly digest). */
  async waitingSince(companyId: string, cutoff: Date) {
    const rows = await this.db()
      .selectFrom('applications as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select((eb) => ['p.id', 'p.title', eb.fn.countAll<string>().as('waiting')])
      .where('p.company_id', '=', companyId)
      .where('a.status', 'in', [...UNDECIDED])
      .where('a.created_at', '<', cutoff)
      .where('a.student_id', 'is not', null)
      .groupBy(['p.id', 'p.title'])
      .orderBy('waiting', 'desc')
      .orderBy('p.title')
      .execute();
    return rows.map((r) => ({ id: r.id, title: r.title, waiting: Number(r.waiting) }));
  }

  /**
   * A person's own records, for their data export: a company's projects (as it wrote them, with how
   * many applied), a student's applications (their motivation, status and CV, never the company's
   * notes), the messages they sent or received (whose side each is; no other person's id), and the
   * workspaces they worked in.
   */
  async exportOf(userId: string) {
    const db = this.db();
    const [projects, applications, messages] = await Promise.all([
      db
        .selectFrom('projects as p')
        .leftJoin('applications as a', 'a.project_id', 'p.id')
        .selectAll('p')
        .select((eb) => eb.fn.count<string>('a.id').as('applicants'))
        .where('p.company_id', '=', userId)
        .groupBy('p.id')
        .orderBy('p.created_at')
        .execute(),
      db
        .selectFrom('applications')
        .select(['id', 'project_id', 'project_title', 'motivation', 'status', 'cv_file_id', 'created_at', 'updated_at'])
        .where('student_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('messages')
        .select((eb) => ['id', 'application_id', 'body', 'read_at', 'created_at', eb('sender_id', '=', userId).as('from_me')])
        .where((eb) => eb.or([eb('sender_id', '=', userId), eb('recipient_id', '=', userId)]))
        .orderBy('created_at')
        .execute(),
    ]);
    // The workspaces they worked in, either side: milestones with every hand-in and answer.
    const milestones = await db
      .selectFrom('milestones as m')
      .innerJoin('applications as a', 'a.id', 'm.application_id')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select([
        'm.id',
        'm.application_id',
        'm.title',
        'm.expectations',
        sql<string>`to_char(m.due_on, 'YYYY-MM-DD')`.as('due_on'),
        'm.status',
        'm.created_at',
      ])
      .where((eb) => eb.or([eb('a.student_id', '=', userId), eb('p.company_id', '=', userId)]))
      .orderBy('m.created_at')
      .execute();
    const deliverables = await deliverablesOf(
      db,
      milestones.map((m) => m.id),
    );
    // How their engagements ended, and the reviews of their engagements: those they wrote, and those
    // about them that they may read (REVIEW_SHOWS: both are in or the window closed, and no admin hid
    // it) — as the workspace shows them.
    const [endings, reviews] = await Promise.all([
      db
        .selectFrom('engagement_endings as e')
        .innerJoin('applications as a', 'a.id', 'e.application_id')
        .innerJoin('projects as p', 'p.id', 'a.project_id')
        .select(['e.application_id', 'e.outcome', 'e.reason', 'e.ended_at'])
        .where((eb) => eb.or([eb('a.student_id', '=', userId), eb('p.company_id', '=', userId)]))
        .orderBy('e.ended_at')
        .execute(),
      db
        .selectFrom('reviews as r')
        .innerJoin('applications as a', 'a.id', 'r.application_id')
        .innerJoin('projects as p', 'p.id', 'a.project_id')
        .innerJoin('engagement_endings as e', 'e.application_id', 'r.application_id')
        .select(REVIEW_COLUMNS)
        // The caller's side of each engagement (asked of each side's column: a gone account is neither).
        .select(
          sql<
            'student' | 'company' | null
          >`case when a.student_id = ${userId} then 'student' when p.company_id = ${userId} then 'company' end`.as('side'),
        )
        .select(REVIEW_SHOWS.as('shows'))
        .where((eb) => eb.or([eb('a.student_id', '=', userId), eb('p.company_id', '=', userId)]))
        .orderBy('r.created_at')
        .execute(),
    ]);
    const certificates = await db
      .selectFrom('certificates as c')
      .innerJoin('applications as a', 'a.id', 'c.application_id')
      .select([
        'c.application_id',
        'c.code',
        'c.student_name',
        'c.project_title',
        'c.company_name',
        sql<string>`to_char(c.started_on, 'YYYY-MM-DD')`.as('started_on'),
        sql<string>`to_char(c.completed_on, 'YYYY-MM-DD')`.as('completed_on'),
        'c.skills',
        'c.show_rating',
        'c.issued_at',
        'c.withdrawn_at',
        'c.withdrawn_reason',
      ])
      .where('a.student_id', '=', userId)
      .orderBy('c.issued_at')
      .execute();
    const portfolio = await db
      .selectFrom('portfolios')
      .select(['slug', 'published', 'noindex', 'review_ids', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const savedSearches = await db
      .selectFrom('saved_searches')
      .select(['id', 'q', 'skill', 'mode', 'paid', 'max_weeks', 'instant', 'daily', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    // The projects their saved searches found for them, and whether the daily email took each.
    const searchAlerts = await db
      .selectFrom('search_alerts as s')
      .innerJoin('projects as p', 'p.id', 's.project_id')
      .select(['s.project_id', 'p.title as project_title', 's.daily', 's.created_at'])
      // Taken by a daily email's run (which still leaves out a project closed or applied to by then).
      .select(sql<boolean>`s.digest_claim is not null`.as('claimed_by_digest'))
      .where('s.user_id', '=', userId)
      .orderBy('s.created_at')
      .execute();
    return {
      portfolio: portfolio ?? null,
      savedSearches,
      searchAlerts,
      certificates,
      projects: projects.map(({ company_id: _company, ...p }) => ({ ...p, applicants: Number(p.applicants) })),
      applications,
      messages,
      workspaces: milestones.map((m) => ({ ...m, deliverables: deliverables.filter((d) => d.milestone_id === m.id) })),
      engagementEndings: endings,
      // Its author is never told a review was reported (the subject's report stays theirs).
      reviewsWritten: reviews
        .filter((r) => r.author === r.side)
        .map(({ side: _side, shows: _s, reported_at: _r, report_reason: _rr, ...r }) => ({
          ...r,
          overall: Number(r.overall),
        })),
      reviewsAboutYou: reviews
        .filter((r) => r.side !== null && r.author !== r.side && r.shows)
        .map(({ side: _side, shows: _s, ...r }) => ({ ...r, overall: Number(r.overall) })),
    };
  }

  /**
   * Erasure (in the caller's transaction): applications keep no motivation or notes; a company's
   * open and pending projects close, and each closing tells the students still waiting (ProjectClosed).
   */
  async erase(tx: EntityManager, userId: string) {
    for (const projectId of await q.erase(this.db(tx), userId)) this.outbox.publish(tx, new ProjectClosed({ projectId }));
  }

  /**
   * A company an admin deactivated or gave another role (in the caller's transaction): its open and
   * pending projects close, and the students still waiting are told (ProjectClosed), as on erasure.
   * Reactivating it reopens nothing: an admin reopens a project by hand.
   */
  async closeCompanyProjects(tx: EntityManager, companyId: string) {
    for (const projectId of await q.closeCompanyProjects(this.db(tx), companyId, 'deactivation')) {
      this.outbox.publish(tx, new ProjectClosed({ projectId }));
    }
  }

  /**
   * A company's projects waiting for review that were submitted (or sent again) since `since`: how
   * many, and the latest (what a batch's notice names). Undefined when none waits.
   */
  async pendingSince(companyId: string, since: Date) {
    const rows = await this.db()
      .selectFrom('projects')
      .select(['id', 'title', sql<string>`count(*) over ()`.as('n')])
      .where('company_id', '=', companyId)
      .where('status', '=', 'pending')
      .where('updated_at', '>=', since)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    const latest = rows[0];
    return latest ? { count: Number(latest.n), latest: { id: latest.id, title: latest.title } } : undefined;
  }

  /** The students of a project whose applications were still undecided. */
  undecidedApplicants(projectId: string) {
    return q.undecidedApplicants(this.db(), projectId);
  }
}
