import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import type {
  CompanyProject,
  CreateProjectBody,
  Page,
  Project as ProjectView,
  ProjectStatus,
  UpdateProjectBody,
} from '@mashrou/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { OutboxService } from '../events/outbox.service.js';
import { ProjectSubmitted } from '../events/event-catalogue.js';
import type { User } from '../identity/index.js';
import { ProjectSchema } from './marketplace.entities.js';
import { companyOverview, companyProjectsPage } from './company.queries.js';
import type { MarketplaceDB } from './marketplace.db.js';
import { projectRowView, projectView } from './views.js';

/** A company's projects: post, edit (while pending or rejected), close, and see them with their applicant counts. */
@Injectable()
export class ProjectsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
  ) {}

  /**
   * A new project, pending review, within the company's budget: PROJECTS_PER_COMPANY_PER_HOUR
   * (429 `too-many-projects`) and PENDING_PROJECTS_PER_COMPANY waiting at once (409
   * `too-many-pending-projects`), so one company cannot flood the admins' review queue and mail.
   */
  async create(company: User, body: z.output<typeof CreateProjectBody>): Promise<ProjectView> {
    await this.limits.enforce(
      'too-many-projects',
      'You have submitted many projects in the last hour. Please wait a while before submitting another.',
      { key: `projects:hour:${company.id}`, max: this.config.PROJECTS_PER_COMPANY_PER_HOUR, windowS: 3600 },
    );
    return this.orm.em.fork().transactional(async (tx) => {
      // The company's submissions take turns, so two at once cannot both pass the pending cap.
      const db = tx.getKysely<MarketplaceDB>();
      await sql`select pg_advisory_xact_lock(hashtext(${`projects:submit:${company.id}`}))`.execute(db);
      const waiting = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', company.id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      if (Number(waiting.n) >= this.config.PENDING_PROJECTS_PER_COMPANY) {
        throw new ConflictError(
          'too-many-pending-projects',
          'You have many projects waiting for review. Please wait until some are reviewed before submitting more.',
        );
      }
      const project = tx.create(ProjectSchema, {
        id: randomUUID(),
        companyId: company.id,
        companyName: company.companyName ?? company.fullName,
        ...body,
        location: body.location ?? null,
        startDate: body.startDate ?? null,
        deadline: body.deadline ?? null,
        stipend: body.paid ? (body.stipend ?? null) : null,
        status: 'pending',
        rejectionReason: null,
        reviewedAt: null,
        closedAt: null,
        closedBy: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      tx.persist(project);
      await tx.flush();
      this.outbox.publish(tx, new ProjectSubmitted({ projectId: project.id }));
      return projectView(project);
    });
  }

  /** A company's own project, or 404 (never reveal another company's project). */
  private async own(companyId: string, id: string) {
    const em = this.orm.em.fork();
    const project = await em.findOne(ProjectSchema, { id, companyId });
    if (!project) throw new NotFoundError('project-not-found', 'This project does not exist.');
    return { em, project };
  }

  /** Throws unless `id` is one of the company's projects. */
  async assertOwn(companyId: string, id: string) {
    await this.own(companyId, id);
  }

  /** One page of the company's projects (of one status, when given), newest first, with their applicant counts. */
  async mine(companyId: string, page: number, pageSize: number, status?: ProjectStatus): Promise<Page<CompanyProject>> {
    const { rows, total } = await companyProjectsPage(
      this.orm.em.getKysely<MarketplaceDB>(),
      companyId,
      pageSize,
      (page - 1) * pageSize,
      status,
    );
    const items = rows.map((r) => ({
      ...projectRowView(r),
      applicants: Number(r.applicants),
      newApplicants: Number(r.new_applicants),
    }));
    return { items, total, page, pageSize };
  }

  async one(companyId: string, id: string): Promise<ProjectView> {
    return projectView((await this.own(companyId, id)).project);
  }

  /** Editable while pending or rejected; editing a rejected project resubmits it. */
  async update(companyId: string, id: string, body: z.output<typeof UpdateProjectBody>): Promise<ProjectView> {
    // Locked, and the status read under the lock: an approval at the same moment either comes first
    // (then this edit is refused) or sees the new version (then the approval is refused).
    return this.orm.em.fork().transactional(async (tx) => {
      const project = await tx.findOne(ProjectSchema, { id, companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!project) throw new NotFoundError('project-not-found', 'This project does not exist.');
      if (project.status !== 'pending' && project.status !== 'rejected') {
        throw new ConflictError('project-not-editable', 'Only pending or rejected projects can be edited.');
      }
      const resubmit = project.status === 'rejected';
      Object.assign(project, body);
      if (!project.paid) project.stipend = null;
      project.version += 1;
      if (resubmit) {
        Object.assign(project, { status: 'pending', rejectionReason: null });
        this.outbox.publish(tx, new ProjectSubmitted({ projectId: project.id }));
      }
      tx.persist(project);
      await tx.flush();
      return projectView(project);
    });
  }

  async close(companyId: string, id: string): Promise<ProjectView> {
    // Locked: an admin's close or the deadline job at the same moment is seen, not overwritten.
    return this.orm.em.fork().transactional(async (tx) => {
      const project = await tx.findOne(ProjectSchema, { id, companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!project) throw new NotFoundError('project-not-found', 'This project does not exist.');
      if (project.status !== 'open') throw new ConflictError('project-not-open', 'Only open projects can be closed.');
      Object.assign(project, { status: 'closed', closedBy: 'company', closedAt: new Date() });
      await tx.flush();
      return projectView(project);
    });
  }

  overview(companyId: string) {
    return companyOverview(this.orm.em.fork().getKysely<MarketplaceDB>({ convertValues: true }), companyId);
  }
}
