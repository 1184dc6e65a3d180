import { randomUUID } from 'node:crypto';
import { writeAudit } from '../admin/audit.js';
import { Injectable } from '@nestjs/common';
import { MikroORM, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { ApplicationStatusChanged, ApplicationSubmitted, ProjectReviewed, ProjectSubmitted } from '../events/event-catalogue.js';
import type { User } from '../identity/identity.entities.js';
import { OnboardingService } from '../onboarding/onboarding.service.js';
import { StorageService } from '../storage/storage.service.js';
import { ApplicationSchema, ProjectSchema, type Application, type ApplicationStatus, type Project } from './marketplace.entities.js';
import type { BrowseQuery, CreateProjectBody, StatusBody, UpdateProjectBody } from './marketplace.schemas.js';

/** DESIGN §1: submitted → under_review → shortlisted → accepted / rejected; withdrawn by the student. */
const COMPANY_MOVES: Record<ApplicationStatus, ApplicationStatus[]> = {
  submitted: ['under_review', 'shortlisted', 'rejected'],
  under_review: ['shortlisted', 'rejected'],
  shortlisted: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
  withdrawn: [],
};
const WITHDRAWABLE: ApplicationStatus[] = ['submitted', 'under_review', 'shortlisted'];

export const projectView = (p: Project, extra: Record<string, unknown> = {}) => ({
  id: p.id,
  title: p.title,
  companyName: p.companyName,
  description: p.description,
  requirements: p.requirements,
  skills: p.skills,
  responsibilities: p.responsibilities,
  qualifications: p.qualifications,
  durationWeeks: p.durationWeeks,
  weeklyHours: p.weeklyHours,
  workMode: p.workMode,
  location: p.location ?? undefined,
  startDate: p.startDate ?? undefined,
  deadline: p.deadline ?? undefined,
  paid: p.paid,
  stipend: p.stipend ?? undefined,
  status: p.status,
  rejectionReason: p.rejectionReason ?? undefined,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  ...extra,
});

export const applicationView = (a: Application) => ({
  id: a.id,
  hasCv: Boolean(a.cvFileId),
  projectId: a.projectId,
  projectTitle: a.projectTitle || 'Unknown Project',
  motivation: a.motivation,
  status: a.status,
  notes: a.notes ?? undefined,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

const today = () => new Date().toISOString().slice(0, 10);

/** Browse counts matches up to this many ("1000+"): an exact count of every open project costs more than it tells. */
export const BROWSE_COUNT_CAP = 1000;

@Injectable()
export class MarketplaceService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly onboarding: OnboardingService,
    private readonly storage: StorageService,
  ) {}

  // ---- companies -------------------------------------------------------------------------

  async createProject(company: User, body: z.output<typeof CreateProjectBody>) {
    return this.orm.em.fork().transactional(async (tx) => {
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
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      tx.persist(project);
      await tx.flush();
      this.outbox.publish(tx, new ProjectSubmitted({ projectId: project.id }));
      return project;
    });
  }

  /** A company's own project, or 404 (never reveal another company's project). */
  private async ownProject(companyId: string, id: string) {
    const em = this.orm.em.fork();
    const project = await em.findOne(ProjectSchema, { id, companyId });
    if (!project) throw new NotFoundError('project-not-found', 'This project does not exist.');
    return { em, project };
  }

  async myProjects(companyId: string) {
    const em = this.orm.em.fork();
    const projects = await em.find(ProjectSchema, { companyId }, { orderBy: { createdAt: 'desc' } });
    const counts = await em.execute<{ project_id: string; total: string; fresh: string }[]>(
      `select project_id, count(*) as total, count(*) filter (where status = 'submitted') as fresh
         from applications where project_id in (select id from projects where company_id = ?) group by project_id`,
      [companyId],
    );
    const by = new Map(counts.map((c) => [c.project_id, c]));
    return projects.map((p) => projectView(p, { applicants: Number(by.get(p.id)?.total ?? 0), newApplicants: Number(by.get(p.id)?.fresh ?? 0) }));
  }

  async getOwnProject(companyId: string, id: string) {
    return projectView((await this.ownProject(companyId, id)).project);
  }

  /** Editable while pending or rejected; editing a rejected project resubmits it. */
  async updateProject(companyId: string, id: string, body: z.output<typeof UpdateProjectBody>) {
    const { em, project } = await this.ownProject(companyId, id);
    if (project.status !== 'pending' && project.status !== 'rejected') {
      throw new ConflictError('project-not-editable', 'Only pending or rejected projects can be edited.');
    }
    return em.transactional(async (tx) => {
      const resubmit = project.status === 'rejected';
      Object.assign(project, body);
      if (project.paid === false) project.stipend = null;
      if (resubmit) {
        Object.assign(project, { status: 'pending', rejectionReason: null });
        this.outbox.publish(tx, new ProjectSubmitted({ projectId: project.id }));
      }
      tx.persist(project);
      await tx.flush();
      return projectView(project);
    });
  }

  async closeProject(companyId: string, id: string) {
    const { em, project } = await this.ownProject(companyId, id);
    if (project.status !== 'open') throw new ConflictError('project-not-open', 'Only open projects can be closed.');
    project.status = 'closed';
    await em.flush();
    return projectView(project);
  }

  async projectApplications(companyId: string, projectId: string) {
    const { em } = await this.ownProject(companyId, projectId);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select a.id, a.status, a.notes, a.motivation, a.created_at, a.updated_at, a.student_id, a.cv_file_id,
              coalesce(u.full_name, 'Deleted user') as student_name, u.email as student_email, u.school,
              u.graduation_year, u.linkedin, s.overall as assessment_overall, s.scores as assessment_scores, s.skills
         from applications a
         left join users u on u.id = a.student_id
         left join assessments s on s.user_id = a.student_id
        where a.project_id = ? order by a.created_at desc`,
      [projectId],
    );
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      // The moves the company may make next, so the client never keeps its own copy of the rules.
      nextStatuses: COMPANY_MOVES[r.status as ApplicationStatus] ?? [],
      notes: r.notes ?? undefined,
      motivation: r.motivation,
      // A withdrawn application takes its CV with it.
      cvUrl: r.cv_file_id && r.status !== 'withdrawn' ? `/api/files/${r.cv_file_id}` : undefined,
      createdAt: new Date(r.created_at as string).toISOString(),
      updatedAt: new Date(r.updated_at as string).toISOString(),
      student: {
        id: r.student_id ?? undefined,
        fullName: r.student_name,
        email: r.student_email ?? undefined,
        school: r.school ?? undefined,
        graduationYear: r.graduation_year ?? undefined,
        linkedin: r.linkedin ?? undefined,
        skills: r.skills ?? [],
        assessment: r.assessment_overall != null ? { overall: r.assessment_overall, scores: r.assessment_scores } : undefined,
      },
    }));
  }

  async setApplicationStatus(companyId: string, applicationId: string, body: z.output<typeof StatusBody>) {
    return this.orm.em.fork().transactional(async (tx) => {
      const app = await tx.findOne(ApplicationSchema, { id: applicationId }, { lockMode: 4 });
      const project = app ? await tx.findOne(ProjectSchema, { id: app.projectId, companyId }) : null;
      if (!app || !project) throw new NotFoundError('application-not-found', 'This application does not exist.');
      if (!COMPANY_MOVES[app.status as ApplicationStatus].includes(body.status)) {
        throw new ConflictError('invalid-status-change', `An application that is ${app.status.replace('_', ' ')} cannot become ${body.status.replace('_', ' ')}.`);
      }
      app.status = body.status;
      app.firstResponseAt ??= new Date();
      if (body.notes !== undefined) app.notes = body.notes;
      this.outbox.publish(tx, new ApplicationStatusChanged({ applicationId: app.id }));
      await tx.flush();
      return applicationView(app);
    });
  }

  // ---- admins -----------------------------------------------------------------------------

  async projectsForReview(status: string | undefined, page: number, pageSize: number) {
    const where = status && ['pending', 'open', 'closed', 'rejected'].includes(status) ? { status: status as Project['status'] } : { status: 'pending' as const };
    const [items, total] = await this.orm.em.fork().findAndCount(ProjectSchema, where, {
      orderBy: { createdAt: 'asc' },
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { items: items.map((p) => projectView(p)), total, page, pageSize };
  }

  async reviewProject(admin: User, id: string, decision: 'approve' | 'reject', reason?: string) {
    return this.orm.em.fork().transactional(async (tx) => {
      const project = await tx.findOne(ProjectSchema, { id }, { lockMode: 4 });
      if (!project) throw new NotFoundError('project-not-found', 'This project does not exist.');
      if (project.status !== 'pending') throw new ConflictError('project-not-pending', 'Only pending projects can be reviewed.');
      Object.assign(project, decision === 'approve'
        ? { status: 'open', rejectionReason: null, reviewedAt: new Date() }
        : { status: 'rejected', rejectionReason: reason ?? null, reviewedAt: new Date() });
      this.outbox.publish(tx, new ProjectReviewed({ projectId: project.id }));
      await tx.flush();
      await writeAudit(tx, admin, decision === 'approve' ? 'project.approved' : 'project.rejected',
        { type: 'project', id: project.id, label: project.title }, reason ? { reason } : {});
      return projectView(project);
    });
  }

  // ---- students ---------------------------------------------------------------------------

  async browse(student: User, q: z.output<typeof BrowseQuery>) {
    const params: unknown[] = [];
    const where = [`p.status = 'open'`, `(p.deadline is null or p.deadline >= current_date)`];
    // Text search (and the skill filter with it) as a materialized set: the two GIN indexes are
    // combined (BitmapAnd), which bounds the worst case — a rare or empty match — whatever the sort.
    const gin: string[] = [];
    const head: unknown[] = [];
    if (q.q) {
      gin.push(`search @@ websearch_to_tsquery('simple', ?)`);
      head.push(q.q);
      if (q.skill) {
        gin.push(`skills @> array[?::text]`);
        head.push(q.skill);
      }
      where.push(`p.id in (select id from hits)`);
    } else if (q.skill) {
      where.push(`p.skills @> array[?::text]`);
      params.push(q.skill);
    }
    const hits = gin.length ? `with hits as materialized (select id from projects where ${gin.join(' and ')}) ` : '';
    if (q.mode) {
      where.push(`p.work_mode = ?`);
      params.push(q.mode);
    }
    if (q.paid !== undefined) {
      where.push(`p.paid = ?`);
      params.push(q.paid);
    }
    if (q.maxWeeks) {
      where.push(`p.duration_weeks <= ?`);
      params.push(q.maxWeeks);
    }
    const match = q.sort === 'match';
    const skills = match ? ((await this.onboarding.getAssessment(student.id))?.skills ?? []) : [];
    const order = q.sort === 'deadline' ? `p.deadline asc nulls last, p.created_at desc` : match ? `match desc, p.created_at desc` : `p.created_at desc`;
    // Arrays passed as one parameter are expanded into lists by the driver: send the skills as one string.
    const matchExpr = match ? `cardinality(array(select unnest(p.skills) intersect select unnest(string_to_array(?, chr(31)))))` : `0`;
    const em = this.orm.em.fork();
    const [rows, [{ n }]] = await Promise.all([
      em.execute<Record<string, unknown>[]>(
        `${hits}select p.*, ${matchExpr} as match,
                exists (select 1 from applications a where a.project_id = p.id and a.student_id = ?) as applied
           from projects p where ${where.join(' and ')}
          order by ${order} limit ? offset ?`,
        [...head, ...(match ? [skills.join('\u001f')] : []), student.id, ...params, q.pageSize, (q.page - 1) * q.pageSize],
      ),
      // Counting every open project on each page view is the slow part at volume: count up to a cap.
      em.execute<{ n: string }[]>(
        `${hits}select count(*) as n from (select 1 from projects p where ${where.join(' and ')} limit ${BROWSE_COUNT_CAP + 1}) t`,
        [...head, ...params],
      ),
    ]);
    const items = rows.map((r) => projectView(em.map(ProjectSchema, r), { applied: Boolean(r.applied), match: Number(r.match) }));
    const total = Number(n);
    return { items, total: Math.min(total, BROWSE_COUNT_CAP), totalIsCapped: total > BROWSE_COUNT_CAP, page: q.page, pageSize: q.pageSize };
  }

  async projectForStudent(studentId: string, id: string) {
    const em = this.orm.em.fork();
    const project = await em.findOne(ProjectSchema, { id, status: 'open' });
    if (!project) throw new NotFoundError('project-not-found', 'This project does not exist or is no longer open.');
    const application = await em.findOne(ApplicationSchema, { projectId: id, studentId });
    return projectView(project, { application: application ? applicationView(application) : undefined });
  }

  async apply(student: User, projectId: string, motivation: string, cvFileId?: string) {
    const em = this.orm.em.fork();
    try {
      return await em.transactional(async (tx) => {
        const project = await tx.findOne(ProjectSchema, { id: projectId });
        if (!project || project.status === 'pending' || project.status === 'rejected') {
          throw new NotFoundError('project-not-found', 'This project does not exist or is no longer open.');
        }
        if (project.status !== 'open' || (project.deadline && project.deadline < today())) {
          throw new ConflictError('project-closed', 'This project no longer takes applications.');
        }
        if (cvFileId && project.companyId) {
          await this.storage.assertOwned(tx, student.id, cvFileId);
          await this.storage.share(tx, cvFileId, project.companyId);
        }
        const app = tx.create(ApplicationSchema, {
          id: randomUUID(),
          projectId,
          studentId: student.id,
          projectTitle: project.title,
          motivation,
          status: 'submitted',
          notes: null,
          cvFileId: cvFileId ?? null,
          createdAt: new Date(),
          updatedAt: new Date(),
        });
        tx.persist(app);
        await tx.flush();
        this.outbox.publish(tx, new ApplicationSubmitted({ applicationId: app.id }));
        return applicationView(app);
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        throw new ConflictError('already-applied', 'You have already applied to this project.');
      }
      throw err;
    }
  }

  /** Spec §8: lookup errors surface (no silent empty list). */
  async myApplications(studentId: string, page: number, pageSize: number) {
    const [items, total] = await this.orm.em.fork().findAndCount(ApplicationSchema, { studentId }, {
      orderBy: { updatedAt: 'desc' },
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { items: items.map(applicationView), total, page, pageSize };
  }

  /**
   * Withdraws an undecided application. The company also loses the CV sent with it, unless the
   * student sent the same file with another live application to that company.
   */
  async withdraw(studentId: string, id: string) {
    return this.orm.em.fork().transactional(async (tx) => {
      const app = await tx.findOne(ApplicationSchema, { id, studentId }, { lockMode: 4 });
      if (!app) throw new NotFoundError('application-not-found', 'This application does not exist.');
      if (!WITHDRAWABLE.includes(app.status as ApplicationStatus)) {
        throw new ConflictError('application-decided', 'This application can no longer be withdrawn.');
      }
      app.status = 'withdrawn';
      await tx.flush();
      if (app.cvFileId) {
        // Two withdrawals of applications sharing this CV take turns, so the second sees the first.
        await this.storage.lock(tx, app.cvFileId);
        const [row] = await tx.execute<{ company_id: string | null; still_used: boolean }[]>(
          `select p.company_id,
                  exists (select 1 from applications o join projects q on q.id = o.project_id
                           where o.cv_file_id = ? and o.id <> ? and o.status <> 'withdrawn' and q.company_id = p.company_id) as still_used
             from projects p where p.id = ?`,
          [app.cvFileId, app.id, app.projectId],
        );
        if (row?.company_id && !row.still_used) await this.storage.unshare(tx, app.cvFileId, row.company_id);
      }
      return applicationView(app);
    });
  }

  /**
   * Erasure: a student's applications stay with the companies (their records) with no student, no
   * motivation and no notes about them; a company's projects stay for their applicants, closed.
   */
  async erase(em: EntityManager, userId: string) {
    await em.execute(`update applications set motivation = '', notes = null, updated_at = now() where student_id = ?`, [userId]);
    await em.execute(`update projects set status = 'closed', updated_at = now() where company_id = ? and status in ('open', 'pending')`, [userId]);
  }

  async companyOverview(companyId: string) {
    const [row] = await this.orm.em.fork().execute<Record<string, string>[]>(
      `select count(*) filter (where p.status = 'pending') as pending,
              count(*) filter (where p.status = 'open') as open,
              count(*) filter (where p.status = 'closed') as closed,
              count(*) filter (where p.status = 'rejected') as rejected,
              (select count(*) from applications a join projects q on q.id = a.project_id
                where q.company_id = ? and a.status = 'submitted') as new_applicants
         from projects p where p.company_id = ?`,
      [companyId, companyId],
    );
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k === 'new_applicants' ? 'newApplicants' : k, Number(v)]));
  }
}

