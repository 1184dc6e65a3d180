import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import type { Page, Project as ProjectView, ProjectStatus } from '@mashrou/contracts';
import { AuditService } from '../audit/index.js';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { ProjectReviewed } from '../events/event-catalogue.js';
import type { User } from '../identity/index.js';
import { ProjectSchema } from './marketplace.entities.js';
import { projectView } from './views.js';

/** Admins review what companies post: only approved (open) projects reach students. */
@Injectable()
export class ModerationService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  /** Projects by status (default: pending), oldest first. */
  async list(status: ProjectStatus | undefined, page: number, pageSize: number): Promise<Page<ProjectView>> {
    const [items, total] = await this.orm.em
      .fork()
      .findAndCount(
        ProjectSchema,
        { status: status ?? 'pending' },
        { orderBy: { createdAt: 'asc' }, limit: pageSize, offset: (page - 1) * pageSize },
      );
    return { items: items.map(projectView), total, page, pageSize };
  }

  async review(admin: User, id: string, decision: 'approve' | 'reject', reason?: string): Promise<ProjectView> {
    return this.orm.em.fork().transactional(async (tx) => {
      const project = await tx.findOne(ProjectSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!project) throw new NotFoundError('project-not-found', 'This project does not exist.');
      if (project.status !== 'pending') throw new ConflictError('project-not-pending', 'Only pending projects can be reviewed.');
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
}
