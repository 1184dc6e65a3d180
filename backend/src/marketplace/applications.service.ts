import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import { LockMode } from '@mikro-orm/core';
import type {
  Applicant,
  ApplicantsQuery,
  Application as ApplicationView,
  ApplicationStatus,
  Page,
  StatusBody,
} from '@mashrou/contracts';
import type { z } from 'zod';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { iso } from '../common/sql.js';
import { OutboxService } from '../events/outbox.service.js';
import { ApplicationStatusChanged, ApplicationSubmitted, ApplicationWithdrawn } from '../events/event-catalogue.js';
import { AccountsService, type User } from '../identity/index.js';
import { AssessmentService, ProfilesService } from '../onboarding/index.js';
import { StorageService, type StorageDB } from '../storage/index.js';
import { ApplicationSchema, ProjectSchema } from './marketplace.entities.js';
import { applyInOneStatement, applicationsOfStudentPage, cvStillSentTo } from './applications.queries.js';
import { applicantsOfProjectPage } from './company.queries.js';
import type { MarketplaceDB } from './marketplace.db.js';
import { ProjectsService } from './projects.service.js';
import { applicationRowView, applicationView, isWithdrawable, nextStatuses, today } from './views.js';

/** Applications: a student applies and withdraws; the company reads its applicants and moves them on. */
@Injectable()
export class ApplicationsService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly projects: ProjectsService,
    private readonly accounts: AccountsService,
    private readonly assessments: AssessmentService,
    private readonly profiles: ProfilesService,
    private readonly storage: StorageService,
  ) {}

  /**
   * The busiest write of the marketplace: one statement (see applyInOneStatement). With a CV, that
   * statement runs in a transaction that first checks the file is the student's and then shares it
   * with the company.
   */
  async apply(student: User, projectId: string, motivation: string, cvFileId?: string): Promise<ApplicationView> {
    const base = this.orm.em.getKysely();
    if (!cvFileId) {
      return applicationRowView(
        await this.insertApplication(base.$extendTables<MarketplaceDB>(), student.id, projectId, motivation, null),
      );
    }
    return base.transaction().execute(async (trx) => {
      const files = trx.$extendTables<StorageDB>();
      await this.storage.assertOwned(files, student.id, cvFileId, ['application/pdf']);
      const created = await this.insertApplication(
        trx.$extendTables<MarketplaceDB>(),
        student.id,
        projectId,
        motivation,
        cvFileId,
      );
      if (created.companyId) await this.storage.share(files, cvFileId, created.companyId);
      return applicationRowView(created);
    });
  }

  private async insertApplication(
    db: Kysely<MarketplaceDB>,
    studentId: string,
    projectId: string,
    motivation: string,
    cvFileId: string | null,
  ) {
    const id = randomUUID();
    const event = new ApplicationSubmitted({ applicationId: id });
    // One day for the statement and its answer (a repeat apply at midnight is still "already applied").
    const day = today();
    const row = await applyInOneStatement(db, { id, projectId, studentId, motivation, cvFileId, today: day }, (source) =>
      this.outbox.insertFor(event, source),
    );
    if (!row || row.status === 'pending' || row.status === 'rejected') {
      throw new NotFoundError('project-not-found', 'This project does not exist or is no longer open.');
    }
    if (row.application) return Object.assign(row.application, { companyId: row.company_id });
    if (row.status !== 'open' || (row.deadline && row.deadline < day)) {
      throw new ConflictError('project-closed', 'This project no longer takes applications.');
    }
    throw new ConflictError('already-applied', 'You have already applied to this project.');
  }

  /** Spec §8: lookup errors surface (no silent empty list). */
  async mine(studentId: string, page: number, pageSize: number, status?: ApplicationStatus): Promise<Page<ApplicationView>> {
    const { rows, total } = await applicationsOfStudentPage(
      this.orm.em.getKysely<MarketplaceDB>(),
      studentId,
      pageSize,
      (page - 1) * pageSize,
      status,
    );
    return { items: rows.map(applicationRowView), total, page, pageSize };
  }

  /**
   * Withdraws an undecided application. The company also loses the CV sent with it, unless the
   * student sent the same file with another live application to that company; a CV then read by
   * nobody is deleted (not the profile's).
   */
  async withdraw(studentId: string, id: string): Promise<ApplicationView> {
    const view = await this.orm.em.fork().transactional(async (tx) => {
      const app = await tx.findOne(ApplicationSchema, { id, studentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!app) throw new NotFoundError('application-not-found', 'This application does not exist.');
      if (!isWithdrawable(app.status)) {
        throw new ConflictError('application-decided', 'This application can no longer be withdrawn.');
      }
      app.status = 'withdrawn';
      // The company hears of it (one email), in the same transaction as the change.
      this.outbox.publish(tx, new ApplicationWithdrawn({ applicationId: app.id }));
      await tx.flush();
      if (app.cvFileId) {
        // Two withdrawals of applications sharing this CV take turns, so the second sees the first.
        await this.storage.lock(tx, app.cvFileId);
        const project = await tx.findOne(ProjectSchema, { id: app.projectId });
        if (
          project?.companyId &&
          !(await cvStillSentTo(tx.getKysely<MarketplaceDB>({ convertValues: true }), app.cvFileId, app.id, project.companyId))
        ) {
          await this.storage.unshare(tx, app.cvFileId, project.companyId);
        }
      }
      return { ...applicationView(app), cvFileId: app.cvFileId };
    });
    // A CV nobody can read any more is deleted (it would only fill the student's storage), unless it
    // is the one kept on the profile or still sent with another application.
    const { cvFileId, ...result } = view;
    if (cvFileId && !(await this.profiles.isCv(studentId, cvFileId))) {
      await this.storage.removeUnlessShared(studentId, cvFileId).catch(() => false);
    }
    return result;
  }

  /**
   * One page of a project's applicants (of one status, when given; newest, oldest or best assessment
   * first), with each student's profile and assessment and the moves the company may make.
   */
  async applicants(companyId: string, projectId: string, q: z.output<typeof ApplicantsQuery>): Promise<Page<Applicant>> {
    await this.projects.assertOwn(companyId, projectId);
    const { rows, total } = await applicantsOfProjectPage(
      this.orm.em.getKysely<MarketplaceDB>(),
      projectId,
      { status: q.status, sort: q.sort, limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
      (studentId) => this.assessments.overallScoreOf(studentId),
    );
    const ids = rows.flatMap((a) => (a.student_id ? [a.student_id] : []));
    const [people, results, bios] = await Promise.all([
      this.accounts.profiles(ids),
      this.assessments.summaries(ids),
      this.profiles.bios(ids),
    ]);
    const items = rows.map((a): Applicant => {
      const person = a.student_id ? people.get(a.student_id) : undefined;
      const result = a.student_id ? results.get(a.student_id) : undefined;
      return {
        id: a.id,
        status: a.status,
        // The moves the company may make next, so the client never keeps its own copy of the rules.
        nextStatuses: nextStatuses(a.status),
        notes: a.notes ?? undefined,
        motivation: a.motivation,
        // A withdrawn application takes its CV with it.
        cvUrl: a.cv_file_id && a.status !== 'withdrawn' ? `/api/files/${a.cv_file_id}` : undefined,
        createdAt: iso(a.created_at),
        updatedAt: iso(a.updated_at),
        student: {
          id: person ? (a.student_id ?? undefined) : undefined,
          fullName: person?.fullName ?? 'Deleted user',
          // Contact details only once the company has chosen the student.
          email: a.status === 'accepted' ? person?.email : undefined,
          school: person?.school ?? undefined,
          graduationYear: person?.graduationYear ?? undefined,
          linkedin: person?.linkedin ?? undefined,
          bio: person && a.student_id ? bios.get(a.student_id) : undefined,
          whatsapp: a.status === 'accepted' ? (person?.whatsapp ?? undefined) : undefined,
          skills: result?.skills ?? [],
          assessment: result ? { overall: result.overall, scores: result.scores } : undefined,
        },
      };
    });
    return { items, total, page: q.page, pageSize: q.pageSize };
  }

  async setStatus(companyId: string, applicationId: string, body: z.output<typeof StatusBody>): Promise<ApplicationView> {
    return this.orm.em.fork().transactional(async (tx) => {
      const app = await tx.findOne(ApplicationSchema, { id: applicationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const project = app ? await tx.findOne(ProjectSchema, { id: app.projectId, companyId }) : null;
      if (!app || !project) throw new NotFoundError('application-not-found', 'This application does not exist.');
      if (!nextStatuses(app.status).includes(body.status)) {
        throw new ConflictError(
          'invalid-status-change',
          `An application that is ${app.status.replace('_', ' ')} cannot become ${body.status.replace('_', ' ')}.`,
        );
      }
      app.status = body.status;
      app.firstResponseAt ??= new Date();
      if (body.status === 'accepted') app.acceptedAt = new Date();
      if (body.notes !== undefined) app.notes = body.notes;
      this.outbox.publish(tx, new ApplicationStatusChanged({ applicationId: app.id, status: body.status }));
      await tx.flush();
      return applicationView(app);
    });
  }
}
