import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Certificate, CertificateFacts, Locale } from '@mashrou/contracts';
import { AuditService } from '../audit/index.js';
import { NotFoundError } from '../common/errors.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { AccountsService, type User } from '../identity/index.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { certificateCode } from './certificate-code.js';
import type { Db, MarketplaceDB } from './marketplace.db.js';
import { REVIEW_SHOWS } from './reviews.queries.js';

const notFound = () => new NotFoundError('certificate-not-found', 'There is no certificate with this code.');

/**
 * Certificates of completed engagements: issued with the completion (in its transaction), their
 * facts kept as issued; a PDF in either language for its student (and admins); a public page by
 * code; the student's choice to show the company's mark; an admin's withdrawal with a reason.
 */
@Injectable()
export class CertificatesService {
  constructor(
    private readonly orm: MikroORM,
    private readonly accounts: AccountsService,
    private readonly audit: AuditService,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private db(): Db {
    return this.orm.em.fork().getKysely<MarketplaceDB>({ convertValues: true });
  }

  verifyUrl(code: string) {
    return new URL(`/verify/${code}`, this.config.WEB_ORIGIN).toString();
  }

  /** The certificate of an engagement the company just marked complete (in its transaction). */
  async issue(db: Db, applicationId: string) {
    const row = await db
      .selectFrom('applications as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select(['a.student_id', 'p.title', 'p.company_name', 'p.skills'])
      // The day the company accepted the student (UTC, like every day the product counts); for an
      // acceptance no api recorded yet (an older process during a deploy), the first milestone's.
      .select(
        sql<
          string | null
        >`to_char(coalesce(a.accepted_at, (select min(m.created_at) from milestones m where m.application_id = a.id)) at time zone 'UTC', 'YYYY-MM-DD')`.as(
          'started_on',
        ),
      )
      .where('a.id', '=', applicationId)
      .executeTakeFirstOrThrow();
    const student = row.student_id ? (await this.accounts.profiles([row.student_id])).get(row.student_id) : undefined;
    const today = new Date().toISOString().slice(0, 10);
    await db
      .insertInto('certificates')
      .values({
        application_id: applicationId,
        code: certificateCode(),
        student_name: student?.fullName ?? '',
        project_title: row.title,
        company_name: row.company_name,
        started_on: row.started_on ?? today,
        completed_on: today,
        skills: row.skills,
        show_rating: false,
        issued_at: new Date(),
        withdrawn_at: null,
        withdrawn_reason: null,
      })
      .execute();
  }

  /** The certificate's row with the company's mark of the student, when its review shows. */
  private async row(db: Db, by: { applicationId: string } | { code: string }) {
    return (
      db
        .selectFrom('certificates as c')
        // (A company's erasure takes the ending and the reviews, and leaves its student's certificate.)
        .leftJoin('engagement_endings as e', 'e.application_id', 'c.application_id')
        .leftJoin('reviews as r', (j) =>
          j.onRef('r.application_id', '=', 'c.application_id').on('r.author', '=', 'company').on(REVIEW_SHOWS),
        )
        .selectAll('c')
        .select(['r.overall'])
        .where('applicationId' in by ? 'c.application_id' : 'c.code', '=', 'applicationId' in by ? by.applicationId : by.code)
        .executeTakeFirst()
    );
  }

  private static facts(row: NonNullable<Awaited<ReturnType<CertificatesService['row']>>>): Certificate {
    return {
      code: row.code,
      studentName: row.student_name,
      projectTitle: row.project_title,
      companyName: row.company_name,
      startedOn: row.started_on.slice(0, 10),
      completedOn: row.completed_on.slice(0, 10),
      skills: row.skills,
      rating: row.show_rating && row.overall != null ? Math.round(Number(row.overall) * 10) / 10 : null,
      issuedAt: new Date(row.issued_at).toISOString(),
      withdrawnAt: row.withdrawn_at ? new Date(row.withdrawn_at).toISOString() : null,
      withdrawnReason: row.withdrawn_reason,
      showRating: row.show_rating,
    };
  }

  /** The certificate as the workspace shows it (its student and admins), if it has one. */
  async ofApplication(db: Db, applicationId: string): Promise<Certificate | null> {
    const row = await this.row(db, { applicationId });
    return row ? CertificatesService.facts(row) : null;
  }

  /** The application's certificate, for its student or an admin (404 for anyone else, as if it did not exist). */
  private async owned(db: Db, user: User, applicationId: string, lock = false) {
    let query = db.selectFrom('applications').select(['student_id']).where('id', '=', applicationId);
    if (lock) query = query.forUpdate();
    const app = await query.executeTakeFirst();
    if (!app || (app.student_id !== user.id && user.userType !== 'admin'))
      throw new NotFoundError('application-not-found', 'This application does not exist.');
    const row = await this.row(db, { applicationId });
    if (!row) throw notFound();
    return row;
  }

  async pdf(user: User, applicationId: string, lang: Locale | undefined) {
    // Rendering a PDF costs tens of milliseconds of CPU: enough for any student, not for a loop.
    await this.limits.enforce('too-many-requests', 'Too many downloads. Please wait a moment.', {
      key: `certificates:pdf:${user.id}`,
      max: 30,
      windowS: 3600,
    });
    const row = await this.owned(this.db(), user, applicationId);
    const locale = lang ?? (await this.accounts.recipient(user.id))?.locale ?? 'en';
    const facts = CertificatesService.facts(row);
    return {
      name: `mashrou-certificate-${facts.code}`,
      // The PDF renderer (react-pdf, its fonts and layout engine) loads on the first download, not
      // with every api process.
      body: await (await import('./certificate-pdf.js')).certificatePdf(facts, locale, this.verifyUrl(facts.code)),
    };
  }

  setShowRating(user: User, applicationId: string, show: boolean) {
    return this.orm.em.fork().transactional(async (tx) => {
      const db = tx.getKysely<MarketplaceDB>({ convertValues: true });
      await this.owned(db, user, applicationId, true);
      await db.updateTable('certificates').set({ show_rating: show }).where('application_id', '=', applicationId).execute();
      return this.current(db, applicationId);
    });
  }

  /** The certificate as it now is (after a change in this transaction). */
  private async current(db: Db, applicationId: string) {
    const row = await this.row(db, { applicationId });
    if (!row) throw notFound();
    return CertificatesService.facts(row);
  }

  /** What a certificate states, for anyone with its code (withdrawn ones say so). */
  async verify(code: string, ip: string): Promise<CertificateFacts> {
    // Codes cannot be guessed; this only keeps a scraper from trying.
    await this.limits.enforce('too-many-requests', 'Too many checks. Please wait a moment.', {
      key: `certificates:verify:${ip}`,
      max: 120,
      windowS: 60,
    });
    const row = await this.row(this.db(), { code });
    if (!row) throw notFound();
    const { showRating: _show, ...facts } = CertificatesService.facts(row);
    return facts;
  }

  withdraw(admin: User, applicationId: string, reason: string) {
    return this.orm.em.fork().transactional(async (tx) => {
      const db = tx.getKysely<MarketplaceDB>({ convertValues: true });
      const row = await this.owned(db, admin, applicationId, true);
      await db
        .updateTable('certificates')
        .set({ withdrawn_at: row.withdrawn_at ?? new Date(), withdrawn_reason: reason })
        .where('application_id', '=', applicationId)
        .execute();
      await this.audit.write(
        tx,
        admin,
        'certificate.withdrawn',
        // The project, not the student's name: the audit log outlives an erasure.
        { type: 'certificate', id: applicationId, label: row.project_title },
        { reason },
      );
      return this.current(db, applicationId);
    });
  }
}
