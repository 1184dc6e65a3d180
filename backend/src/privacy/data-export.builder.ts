import { Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { AdminRecords } from '../admin/index.js';
import { AuditService } from '../audit/index.js';
import { OutboxService } from '../events/outbox.service.js';
import { DataExportReady } from '../events/event-catalogue.js';
import { AccountsService } from '../identity/index.js';
import { MarketplaceRecords } from '../marketplace/index.js';
import { InboxService } from '../notifications/index.js';
import { AssessmentService, ProfilesService } from '../onboarding/index.js';
import { DataExportsService, StorageService, fileView } from '../storage/index.js';
import type { DataExportBuilding } from '../maintenance/index.js';
import { writeZip } from './zip.js';

/** The file name of the JSON inside the archive. */
export const EXPORT_JSON = 'mashrou-data.json';

const safeName = (name: string) => name.replace(/[^\w. ()-]/g, '_').slice(0, 120);

/**
 * Builds a person's data export (in the worker): every module's records about the person, asked of
 * each module's public service, as one JSON, and their files' bytes, in a zip; stores it and
 * publishes the mail's event in one transaction. Never another person's private data (a company's
 * notes, applicants' profiles, the other side's ids) nor any secret (password hash, token hashes).
 */
@Injectable()
export class DataExportBuilder implements DataExportBuilding {
  private readonly logger = new Logger(DataExportBuilder.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly accounts: AccountsService,
    private readonly profiles: ProfilesService,
    private readonly assessments: AssessmentService,
    private readonly market: MarketplaceRecords,
    private readonly inbox: InboxService,
    private readonly storage: StorageService,
    private readonly exports: DataExportsService,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly admin: AdminRecords,
  ) {}

  /** The export's JSON and files, for a person by id (undefined once the account is gone). */
  async collect(userId: string) {
    const u = await this.accounts.row(userId);
    if (!u) return undefined;
    const [profile, assessment, records, notifications, audit, adminSide, linkedAccounts] = await Promise.all([
      u.user_type === 'student'
        ? this.profiles.student(userId)
        : u.user_type === 'startup'
          ? this.profiles.company(userId)
          : null,
      this.assessments.get(userId),
      this.market.exportOf(userId),
      this.inbox.page(userId, 1, 10_000, false),
      this.audit.forTarget(userId, 1_000),
      this.admin.exportOf(userId),
      this.accounts.linkedAccounts(userId),
    ]);
    const files: (ReturnType<typeof fileView> & { inArchive?: string })[] = [];
    const entries: { name: string; data: Buffer }[] = [];
    for await (const { file, bytes } of this.storage.ownFilesWithBytes(userId)) {
      const inArchive = bytes ? `files/${file.id}-${safeName(file.name)}` : undefined;
      if (bytes && inArchive) entries.push({ name: inArchive, data: bytes });
      files.push({ ...file, ...(inArchive ? { inArchive } : {}) });
    }
    const data = {
      format: 'mashrou-data-export/1',
      exportedAt: new Date().toISOString(),
      account: {
        id: u.id,
        email: u.email,
        pendingEmail: u.pending_email,
        fullName: u.full_name,
        companyName: u.company_name,
        userType: u.user_type,
        emailVerifiedAt: u.email_verified_at,
        emailNotifications: u.email_notifications,
        emailOff: u.email_off,
        locale: u.locale,
        onboardingComplete: u.onboarding_complete,
        assessmentComplete: u.assessment_complete,
        school: u.school,
        graduationYear: u.graduation_year,
        whatsapp: u.whatsapp,
        linkedin: u.linkedin,
        active: u.active,
        createdAt: u.created_at,
        updatedAt: u.updated_at,
      },
      /** Google or LinkedIn accounts linked for sign-in (never a token: none is kept). */
      linkedAccounts,
      profile,
      assessment: assessment
        ? {
            version: assessment.version,
            answers: assessment.answers,
            scores: assessment.scores,
            overall: assessment.overall,
            skills: assessment.skills,
            completedAt: assessment.completedAt,
          }
        : null,
      projects: records.projects,
      applications: records.applications,
      messages: records.messages,
      workspaces: records.workspaces,
      engagementEndings: records.engagementEndings,
      reviewsWritten: records.reviewsWritten,
      /** Reviews about them, as they may read them (none still hidden until both are in, none an admin hid). */
      reviewsAboutYou: records.reviewsAboutYou,
      certificates: records.certificates,
      portfolio: records.portfolio,
      savedSearches: records.savedSearches,
      /** The new projects their saved searches found for them. */
      searchAlerts: records.searchAlerts,
      notifications: notifications.items,
      invitations: adminSide.invitations,
      signupNotices: adminSide.signupNotices,
      files,
      auditLog: audit,
    };
    return { data, entries };
  }

  /** The job: builds, stores, and asks for the mail. A job for an export that is gone (erased, done) does nothing. */
  async build(exportId: string, lastAttempt: boolean): Promise<'done' | 'skipped'> {
    const pending = await this.exports.pending(exportId);
    if (!pending) return 'skipped';
    try {
      const collected = await this.collect(pending.userId);
      if (!collected) return 'skipped';
      const entries = [
        { name: EXPORT_JSON, data: Buffer.from(JSON.stringify(collected.data, null, 2), 'utf8') },
        ...collected.entries,
      ];
      const done = await this.orm.em.fork().transactional(async (tx) => {
        const row = await this.exports.finish(tx, exportId, (path) => writeZip(path, entries));
        if (row) this.outbox.publish(tx, new DataExportReady({ userId: row.userId, exportId }));
        return row !== null;
      });
      return done ? 'done' : 'skipped';
    } catch (err) {
      this.logger.warn(`data export ${exportId} failed (${String(err)})${lastAttempt ? '; given up' : '; retried'}`);
      if (lastAttempt) await this.exports.fail(exportId);
      throw err;
    }
  }
}
