import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { MikroORM } from '@mikro-orm/postgresql';
import { OutboxService } from '../events/outbox.service.js';
import { CompanyDigestDue, MilestoneOverdue, ProjectDeadlinePassed, SearchDigestDue } from '../events/event-catalogue.js';
import type { MarketplaceDB } from './marketplace.db.js';
import { today, UNDECIDED } from './views.js';
import { claimDigests } from './saved-searches.queries.js';

/** An applicant waiting this long (undecided since applying) is in the company's weekly digest. */
export const DIGEST_WAITING_DAYS = 7;
const BATCH = 200;

/** The Monday (UTC) of an instant's week, YYYY-MM-DD: the key of a company's weekly digest. */
export function weekOf(at: Date) {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return today(d);
}

/**
 * Time-driven marketplace work, run by the maintenance jobs with the time they were given: open
 * projects past their deadline close (each closing tells its company and its undecided applicants,
 * through the outbox, in the same transaction), milestones past their day remind both sides, and
 * companies with applicants waiting are due a digest.
 */
@Injectable()
export class DeadlinesService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Closes every open project whose deadline (its last day to apply, in UTC) is before `now`'s day.
   * Batches of 200, each in its own transaction; rows another run holds are skipped, not waited for.
   * Returns how many it closed.
   */
  async closeExpired(now: Date): Promise<number> {
    const day = today(now);
    let closed = 0;
    for (;;) {
      const n = await this.orm.em.fork().transactional(async (tx) => {
        const rows = await tx
          .getKysely<MarketplaceDB>()
          .updateTable('projects')
          .set({ status: 'closed', closed_by: 'deadline', closed_at: now, updated_at: now })
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('projects')
              .select('id')
              .where('status', '=', 'open')
              .where('deadline', '<', day)
              .orderBy('deadline')
              .limit(BATCH)
              .forUpdate()
              .skipLocked(),
          )
          .returning('id')
          .execute();
        for (const r of rows) this.outbox.publish(tx, new ProjectDeadlinePassed({ projectId: r.id }));
        await tx.flush();
        return rows.length;
      });
      closed += n;
      if (n < BATCH) return closed;
    }
  }

  /**
   * Marks every milestone past its day (before `now`'s day, in UTC) whose work is still the
   * student's to hand in (open, or sent back for changes) in an accepted application, and announces
   * each (MilestoneOverdue) in the same transaction: both sides are reminded once. Batches of 200;
   * rows another run holds are skipped. Returns how many it marked.
   */
  async remindOverdueMilestones(now: Date): Promise<number> {
    const day = today(now);
    let marked = 0;
    for (;;) {
      const n = await this.orm.em.fork().transactional(async (tx) => {
        const rows = await tx
          .getKysely<MarketplaceDB>()
          .updateTable('milestones')
          .set({ overdue_told_at: now })
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('milestones as m')
              .innerJoin('applications as a', 'a.id', 'm.application_id')
              .select('m.id')
              .where('m.overdue_told_at', 'is', null)
              .where('m.status', 'in', ['open', 'changes-requested'])
              .where('m.due_on', '<', day)
              .where('a.status', '=', 'accepted')
              .orderBy('m.due_on')
              .limit(BATCH)
              .forUpdate('m')
              .skipLocked(),
          )
          .returning('id')
          .execute();
        for (const r of rows) this.outbox.publish(tx, new MilestoneOverdue({ milestoneId: r.id }));
        await tx.flush();
        return rows.length;
      });
      marked += n;
      if (n < BATCH) return marked;
    }
  }

  /**
   * Marks the week's digest due for every company with an application undecided for more than 7
   * days: at most once per company and week (a second run, or a second worker, adds nothing).
   * Returns how many companies are due.
   */
  async queueDigests(now: Date): Promise<number> {
    const week = weekOf(now);
    const cutoff = new Date(now.getTime() - DIGEST_WAITING_DAYS * 86_400_000);
    return this.orm.em.fork().transactional(async (tx) => {
      const { rows } = await sql<{ company_id: string }>`
        insert into company_digests (company_id, week, sent_at)
          select distinct p.company_id, ${week}::date, ${now}::timestamptz
            from applications a join projects p on p.id = a.project_id
           where a.status in (${sql.join(UNDECIDED)}) and a.created_at < ${cutoff}::timestamptz
             and a.student_id is not null and p.company_id is not null
        on conflict do nothing
        returning company_id`.execute(tx.getKysely());
      for (const r of rows)
        this.outbox.publish(tx, new CompanyDigestDue({ userId: r.company_id, week, before: cutoff.toISOString() }));
      await tx.flush();
      return rows.length;
    });
  }

  /**
   * The day's digests of saved searches: the alerts asked by email and not yet in a digest are
   * claimed by this run, and one SearchDigestDue per student is published, in one transaction.
   */
  queueSearchDigests(): Promise<number> {
    const claim = randomUUID();
    return this.orm.em.fork().transactional(async (tx) => {
      const students = await claimDigests(tx.getKysely<MarketplaceDB>({ convertValues: true }), claim);
      for (const userId of students) this.outbox.publish(tx, new SearchDigestDue({ userId, claim }));
      await tx.flush();
      return students.length;
    });
  }
}
