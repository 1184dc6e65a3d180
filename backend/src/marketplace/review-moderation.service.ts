import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { AdminPeerReview, Page } from '@mashrou/contracts';
import { AuditService } from '../audit/index.js';
import { NotFoundError } from '../common/errors.js';
import { AccountsService, type User } from '../identity/index.js';
import type { Db, MarketplaceDB } from './marketplace.db.js';
import { REVIEW_COLUMNS } from './reviews.queries.js';

const notFound = () => new NotFoundError('review-not-found', 'This review does not exist.');

/** What each decision does to a review: hide it, keep it (the report is dismissed), show a hidden one again. */
const DECISIONS = {
  hide: { hidden: true, action: 'review.hidden' },
  keep: { hidden: false, action: 'review.kept' },
  show: { hidden: false, action: 'review.shown' },
} as const;

/**
 * Admins look at the reviews people reported: the ones waiting first (oldest report first), then
 * those already decided; each can be hidden (nobody but admins sees it, and it counts in no
 * rating), kept, or shown again. Every decision is in the audit log.
 */
@Injectable()
export class ReviewModerationService {
  constructor(
    private readonly orm: MikroORM,
    private readonly audit: AuditService,
    private readonly accounts: AccountsService,
  ) {}

  private static rows(db: Db) {
    return db
      .selectFrom('reviews as r')
      .innerJoin('applications as a', 'a.id', 'r.application_id')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select([...REVIEW_COLUMNS, 'r.hidden_at', 'p.title', 'p.company_name', 'a.student_id']);
  }

  private async views(rows: Awaited<ReturnType<ReturnType<typeof ReviewModerationService.rows>['execute']>>) {
    const students = await this.accounts.profiles([...new Set(rows.flatMap((r) => (r.student_id ? [r.student_id] : [])))]);
    return rows.map((r): AdminPeerReview => {
      const student = (r.student_id && students.get(r.student_id)?.fullName) || '';
      return {
        id: r.id,
        applicationId: r.application_id,
        author: r.author,
        overall: Number(r.overall),
        scores: r.scores,
        text: r.body,
        createdAt: new Date(r.created_at).toISOString(),
        reported: r.reported_at !== null,
        hidden: r.hidden_at !== null,
        projectTitle: r.title,
        authorName: r.author === 'company' ? r.company_name : student,
        subjectName: r.author === 'company' ? student : r.company_name,
        reportReason: r.report_reason,
        reportedAt: r.reported_at ? new Date(r.reported_at).toISOString() : null,
      };
    });
  }

  async list(page: number, pageSize: number): Promise<Page<AdminPeerReview>> {
    const db = this.orm.em.fork().getKysely<MarketplaceDB>({ convertValues: true });
    const [rows, count] = await Promise.all([
      ReviewModerationService.rows(db)
        .where('r.reported_at', 'is not', null)
        .orderBy((eb) => eb('r.looked_at', 'is', null), 'desc')
        .orderBy('r.reported_at')
        .orderBy('r.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('reported_at', 'is not', null)
        .executeTakeFirstOrThrow(),
    ]);
    return { items: await this.views(rows), total: Number(count.n), page, pageSize };
  }

  moderate(admin: User, id: string, decision: keyof typeof DECISIONS): Promise<AdminPeerReview> {
    return this.orm.em.fork().transactional(async (tx) => {
      const db = tx.getKysely<MarketplaceDB>({ convertValues: true });
      const now = new Date();
      const { hidden, action } = DECISIONS[decision];
      const done = await db
        .updateTable('reviews')
        .set({ hidden_at: hidden ? now : null, looked_at: now })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (!done) throw notFound();
      const [view] = await this.views(await ReviewModerationService.rows(db).where('r.id', '=', id).execute());
      if (!view) throw notFound();
      // No one's name in the label: the audit log outlives an erasure.
      await this.audit.write(tx, admin, action, {
        type: 'review',
        id,
        label: `${view.author === 'company' ? 'company → student' : 'student → company'} (${view.projectTitle})`,
      });
      return view;
    });
  }
}
