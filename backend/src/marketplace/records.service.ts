import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { BatchLoader, isUuid } from '../common/batch-loader.js';
import * as q from './marketplace.queries.js';
import type { MarketplaceDB } from './marketplace.queries.js';
import { UNDECIDED } from './views.js';

/**
 * The marketplace as other modules see it: figures for the admin dashboard, a person's projects or
 * applications for Manage Users, open projects for AI Recruitment, lookups for mail handlers, and
 * the marketplace's part of an erasure.
 */
@Injectable()
export class MarketplaceRecords {
  /** The mail handlers' lookups of the jobs running at once, one query per turn of the event loop. */
  private readonly forMail = new BatchLoader<string, q.ApplicationForMail>(async (ids) => {
    // a malformed id is not found (it must not fail the other lookups batched with it)
    const rows = await q.applicationsForMail(this.orm.em.getKysely<MarketplaceDB>(), ids.filter(isUuid));
    return new Map(rows.map((r) => [r.id, r]));
  });

  constructor(private readonly orm: MikroORM) {}

  private db(em: EntityManager = this.orm.em.fork()) {
    return em.getKysely<MarketplaceDB>({ convertValues: true });
  }

  figures() {
    return q.figures(this.db());
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
          .select(['id', 'application_id', 'sender_id', 'recipient_id', 'created_at'])
          .where('id', '=', id)
          .executeTakeFirst()
      : Promise.resolve(undefined);
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

  /** Erasure (in the caller's transaction): applications keep no motivation or notes; a company's projects close. */
  erase(tx: EntityManager, userId: string) {
    return q.erase(this.db(tx), userId);
  }
}
