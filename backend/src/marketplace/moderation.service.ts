import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import type {
  AdminApplication,
  AdminEditProjectBody,
  AdminProject,
  AdminProjectsQuery,
  Page,
  Project as ProjectView,
} from '@mashrou/contracts';
import type { z } from 'zod';
import { sql } from 'kysely';
import { AuditService } from '../audit/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors.js';
import { containsPattern, iso } from '../common/sql.js';
import { OutboxService } from '../events/outbox.service.js';
import { ProjectModerated, ProjectReviewed } from '../events/event-catalogue.js';
import { AccountsService, type User } from '../identity/index.js';
import { ProjectSchema, type Project } from './marketplace.entities.js';
import type { MarketplaceDB } from './marketplace.db.js';
import { projectRowView, projectView, today } from './views.js';

export type AdminProjectFilter = z.output<typeof AdminProjectsQuery>;

const adminView = (p: Project, applicants: number): AdminProject => ({
  ...projectView(p),
  companyId: p.companyId ?? undefined,
  applicants,
  closedBy: p.closedBy ?? undefined,
  closedAt: p.closedAt?.toISOString(),
});

/**
 * Admins moderate what companies post: review pending projects (only approved, open ones reach
 * students), and look after every project — search them, close or reopen one with a reason its
 * company is told, correct a listing's wording, read its applications when a complaint needs it.
 * Every action is in the audit log.
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly accounts: AccountsService,
  ) {}

  private db(em: EntityManager = this.orm.em.fork()) {
    return em.getKysely<MarketplaceDB>({ convertValues: true });
  }

  /** Every project, or one status (pending: oldest first, the review queue; otherwise newest first), by title or company name. */
  async list(f: AdminProjectFilter, page: number, pageSize: number): Promise<Page<AdminProject>> {
    let query = this.db().selectFrom('projects as p');
    if (f.status) query = query.where('p.status', '=', f.status);
    if (f.companyId) query = query.where('p.company_id', '=', f.companyId);
    if (f.q) {
      // Folded on both sides (search_fold, as Browse's search): «ادارة» finds «إدارة».
      const like = sql<string>`search_fold(${containsPattern(f.q)})`;
      query = query.where((eb) =>
        eb.or([eb(sql`search_fold(p.title)`, 'like', like), eb(sql`search_fold(p.company_name)`, 'like', like)]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll('p')
        .select((eb) =>
          eb
            .selectFrom('applications as a')
            .whereRef('a.project_id', '=', 'p.id')
            .select((e) => e.fn.countAll<string>().as('n'))
            .as('applicants'),
        )
        .orderBy('p.created_at', f.status === 'pending' ? 'asc' : 'desc')
        .orderBy('p.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.map((r): AdminProject => ({
      ...projectRowView(r),
      companyId: r.company_id ?? undefined,
      applicants: Number(r.applicants ?? 0),
      closedBy: r.closed_by ?? undefined,
      closedAt: r.closed_at ? iso(r.closed_at) : undefined,
    }));
    return { items, total: Number(count.n), page, pageSize };
  }

  async review(
    admin: User,
    id: string,
    { decision, reason, version }: { decision: 'approve' | 'reject'; reason?: string; version: number },
  ): Promise<ProjectView> {
    return this.orm.em.fork().transactional(async (tx) => {
      const project = await this.locked(tx, id, version);
      if (project.status !== 'pending') throw new ConflictError('project-not-pending', 'Only pending projects can be reviewed.');
      if (decision === 'approve') await this.assertCompanyActive(tx, project);
      if (decision === 'approve' && project.deadline && project.deadline < today()) {
        // It would close again at the deadline job's next run: send it back for a new deadline instead.
        throw new ConflictError('deadline-passed', 'Its deadline has passed: send it back so the company sets a new one.');
      }
      Object.assign(
        project,
        decision === 'approve'
          ? { status: 'open', rejectionReason: null, reviewedAt: new Date() }
          : { status: 'rejected', rejectionReason: reason ?? null, reviewedAt: new Date() },
      );
      this.outbox.publish(tx, new ProjectReviewed({ projectId: project.id }));
      await tx.flush();
      await this.audit.write(
        tx,
        admin,
        decision === 'approve' ? 'project.approved' : 'project.rejected',
        { type: 'project', id: project.id, label: project.title },
        reason ? { reason } : {},
      );
      return projectView(project);
    });
  }

  /** Closes an open project (students can no longer apply); its company is told why. */
  close(admin: User, id: string, reason: string): Promise<AdminProject> {
    return this.moderate(admin, id, 'closed', reason, undefined, (project) => {
      if (project.status !== 'open') throw new ConflictError('project-not-open', 'Only open projects can be closed.');
      Object.assign(project, { status: 'closed', closedBy: 'admin', closedAt: new Date() });
      return Promise.resolve({});
    });
  }

  /**
   * Reopens a closed project to students. If its deadline has passed, a new one (today or later,
   * UTC) is required: a project reopened past its deadline would close again at the next run.
   */
  reopen(admin: User, id: string, reason: string, deadline?: string): Promise<AdminProject> {
    return this.moderate(admin, id, 'reopened', reason, undefined, async (project, tx) => {
      if (project.status !== 'closed') throw new ConflictError('project-not-closed', 'Only closed projects can be reopened.');
      await this.assertCompanyActive(tx, project);
      if (deadline && deadline < today()) throw new ValidationError({ deadline: ['in-the-past'] });
      if (deadline && project.startDate && deadline > project.startDate) {
        throw new ValidationError({ deadline: ['deadline-after-start'] });
      }
      const next = deadline ?? project.deadline;
      if (next && next < today()) {
        throw new ConflictError('deadline-passed', 'The deadline has passed: give a new one, today or later.');
      }
      // Closed before an admin ever approved it (its company was deactivated while it waited): it
      // goes back to review, not live — no admin has read its text.
      const status = project.reviewedAt ? 'open' : 'pending';
      Object.assign(project, { status, closedBy: null, closedAt: null, deadline: next ?? null });
      return { details: { ...(deadline ? { deadline } : {}), ...(status === 'pending' ? { backToReview: true } : {}) } };
    });
  }

  /** Corrects a listing's wording (any status); the company is told what changed and why. */
  edit(admin: User, id: string, body: z.output<typeof AdminEditProjectBody>): Promise<AdminProject> {
    const { reason, version, ...changes } = body;
    return this.moderate(admin, id, 'edited', reason, version, (project) => {
      const changed = Object.entries(changes)
        .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(project[k as keyof typeof changes]))
        .map(([k]) => k);
      if (!changed.length) throw new ValidationError({ '': ['nothing-to-change'] }, 'This correction changes nothing.');
      if (changes.location !== undefined && !changes.location && project.workMode !== 'remote') {
        throw new ValidationError({ location: ['required-for-onsite-or-hybrid'] });
      }
      Object.assign(project, changes);
      project.version += 1;
      return Promise.resolve({ fields: changed, details: { fields: changed.join(', ') } });
    });
  }

  /** A project's applications, read only, newest first; the look is audited (it is personal data). */
  async applications(admin: User, id: string, page: number, pageSize: number): Promise<Page<AdminApplication>> {
    const em = this.orm.em.fork();
    const project = await em.findOne(ProjectSchema, { id });
    if (!project) throw new NotFoundError('project-not-found', 'This project does not exist.');
    const db = this.db(em);
    const [rows, count] = await Promise.all([
      db
        .selectFrom('applications')
        .select(['id', 'status', 'student_id', 'motivation', 'notes', 'cv_file_id', 'created_at', 'updated_at'])
        .where('project_id', '=', id)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      db
        .selectFrom('applications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('project_id', '=', id)
        .executeTakeFirstOrThrow(),
    ]);
    const people = await this.accounts.profiles(rows.flatMap((r) => (r.student_id ? [r.student_id] : [])));
    await this.audit.write(em, admin, 'project.applications_viewed', { type: 'project', id, label: project.title }, { page });
    const items = rows.map((r): AdminApplication => {
      const person = r.student_id ? people.get(r.student_id) : undefined;
      return {
        id: r.id,
        status: r.status,
        studentId: person ? (r.student_id ?? undefined) : undefined,
        studentName: person?.fullName,
        motivation: r.motivation,
        notes: r.notes ?? undefined,
        hasCv: Boolean(r.cv_file_id),
        createdAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
      };
    });
    return { items, total: Number(count.n), page, pageSize };
  }

  /**
   * A project goes live only while its company is an active company account (the one rule: open ⇒
   * company active; deactivation, a new role and erasure close its projects in the same transaction).
   */
  private async assertCompanyActive(tx: EntityManager, project: Project) {
    // Read under a share lock in this transaction: a deactivation at the same moment waits for it,
    // then closes the project like the company's others.
    const company = project.companyId ? await this.accounts.row(project.companyId, tx) : undefined;
    if (!company?.active || company.user_type !== 'startup') {
      throw new ConflictError('company-gone', 'Its company has left Mashrou: nobody would answer the applications.');
    }
  }

  /**
   * The project, its row locked until the transaction ends: edits, reviews, corrections, closes and
   * reopens of one project take turns. With `version`, the text the admin read must still be the
   * current one, else `409 project-changed` (the screen reads it again).
   */
  private async locked(tx: EntityManager, id: string, version?: number) {
    const project = await tx.findOne(ProjectSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!project) throw new NotFoundError('project-not-found', 'This project does not exist.');
    if (version !== undefined && version !== project.version) {
      throw new ConflictError('project-changed', 'This project changed since you read it: read it again, then decide.');
    }
    return project;
  }

  /** One admin action on one project, in one transaction: the change, the company's notice (outbox), the audit entry. */
  private moderate(
    admin: User,
    id: string,
    action: 'closed' | 'reopened' | 'edited',
    reason: string,
    version: number | undefined,
    apply: (project: Project, tx: EntityManager) => Promise<{ fields?: string[]; details?: Record<string, unknown> }>,
  ): Promise<AdminProject> {
    return this.orm.em.fork().transactional(async (tx) => {
      const project = await this.locked(tx, id, version);
      const { fields, details } = await apply(project, tx);
      project.moderationReason = reason;
      this.outbox.publish(tx, new ProjectModerated({ projectId: project.id, action, ...(fields ? { fields } : {}) }));
      await tx.flush();
      await this.audit.write(
        tx,
        admin,
        `project.${action}`,
        { type: 'project', id: project.id, label: project.title },
        {
          reason,
          ...details,
        },
      );
      const applicants = await this.db(tx)
        .selectFrom('applications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('project_id', '=', project.id)
        .executeTakeFirstOrThrow();
      return adminView(project, Number(applicants.n));
    });
  }
}
