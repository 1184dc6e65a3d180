import { Injectable } from '@nestjs/common';
import { MikroORM, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { Page, UserDetail, UserRow as UserRowView, UserType, UsersQuery } from '@mashrou/contracts';
import type { z } from 'zod';
import { AuditService } from '../audit/index.js';
import { NotFoundError } from '../common/errors.js';
import { AccountsService, type User, type UserRow } from '../identity/index.js';
import { MarketplaceRecords } from '../marketplace/index.js';
import { AssessmentService } from '../onboarding/index.js';
import { AccountErasure } from './account-erasure.service.js';
import type { InvitationSchema } from './admin.entities.js';

type DB = InferKyselyDB<typeof InvitationSchema>;

const rowView = (r: UserRow): UserRowView => ({
  id: r.id,
  email: r.email,
  fullName: r.full_name,
  companyName: r.company_name ?? undefined,
  userType: r.user_type,
  verified: r.email_verified_at !== null,
  onboardingComplete: r.onboarding_complete,
  assessmentComplete: r.assessment_complete,
  active: r.active,
  createdAt: r.created_at.toISOString(),
});

/** Manage Users: find, inspect, change role, deactivate / reactivate, delete (erasing personal data). */
@Injectable()
export class ManageUsersService {
  constructor(
    private readonly orm: MikroORM,
    private readonly accounts: AccountsService,
    private readonly assessments: AssessmentService,
    private readonly market: MarketplaceRecords,
    private readonly audit: AuditService,
    private readonly erasure: AccountErasure,
  ) {}

  async list(q: z.output<typeof UsersQuery>): Promise<Page<UserRowView>> {
    const { rows, total } = await this.accounts.list(q, q.page, q.pageSize);
    return { items: rows.map(rowView), total, page: q.page, pageSize: q.pageSize };
  }

  async detail(id: string): Promise<UserDetail> {
    const row = await this.accounts.row(id);
    if (!row) throw new NotFoundError('user-not-found', 'This user does not exist.');
    const [assessment, projects, applications, invitations, audit] = await Promise.all([
      this.assessments.get(id),
      row.user_type === 'startup' ? this.market.projectsOfCompany(id) : Promise.resolve([]),
      row.user_type === 'student' ? this.market.applicationsOfStudent(id) : Promise.resolve([]),
      this.invitationsOf(id),
      this.audit.forTarget(id),
    ]);
    return {
      ...rowView(row),
      school: row.school ?? undefined,
      graduationYear: row.graduation_year ?? undefined,
      whatsapp: row.whatsapp ?? undefined,
      linkedin: row.linkedin ?? undefined,
      emailNotifications: row.email_notifications,
      locale: row.locale,
      assessment: assessment
        ? {
            overall: assessment.overall,
            scores: assessment.scores,
            skills: assessment.skills,
            completedAt: assessment.completedAt.toISOString(),
          }
        : undefined,
      projects: projects.map((p) => ({
        id: p.id,
        title: p.title,
        status: p.status,
        applicants: Number(p.applicants),
        createdAt: p.created_at.toISOString(),
      })),
      applications: applications.map((a) => ({
        id: a.id,
        projectId: a.project_id,
        projectTitle: a.project_title || 'Unknown Project',
        status: a.status,
        updatedAt: a.updated_at.toISOString(),
      })),
      invitations,
      audit,
    };
  }

  /** The projects a student was invited to (invitations are AI Recruitment's, this module's table). */
  private async invitationsOf(studentId: string) {
    const rows = await this.orm.em
      .fork()
      .getKysely<DB>({ convertValues: true })
      .selectFrom('invitations')
      .select(['project_id', 'created_at'])
      .where('student_id', '=', studentId)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
    const titles = await Promise.all(rows.map((r) => this.market.project(r.project_id)));
    return rows.map((r, i) => ({
      projectId: r.project_id,
      projectTitle: titles[i]?.title ?? 'Unknown Project',
      createdAt: r.created_at.toISOString(),
    }));
  }

  async changeRole(admin: User, id: string, role: UserType) {
    return this.accounts.guarded(
      admin.id,
      id,
      (t) => t.user_type === 'admin' && role !== 'admin',
      async (tx, target) => {
        if (target.user_type !== role) {
          // Their screens change with the role: they are signed out.
          await this.accounts.setRole(tx, id, role);
          // No longer a company: its projects close as if it had left.
          if (target.user_type === 'startup') await this.market.closeCompanyProjects(tx, id);
          await this.audit.write(
            tx,
            admin,
            'user.role_changed',
            { type: 'user', id, label: target.email },
            { from: target.user_type, to: role },
          );
        }
        return { id, userType: role };
      },
    );
  }

  async setActive(admin: User, id: string, active: boolean) {
    return this.accounts.guarded(
      admin.id,
      id,
      () => !active,
      async (tx, target) => {
        if (target.active !== active) {
          await this.accounts.setActive(tx, id, active);
          // A company that is gone is gone: its open and pending projects close (reactivation reopens none).
          if (!active && target.user_type === 'startup') await this.market.closeCompanyProjects(tx, id);
          await this.audit.write(tx, admin, active ? 'user.reactivated' : 'user.deactivated', {
            type: 'user',
            id,
            label: target.email,
          });
        }
        return { id, active };
      },
    );
  }

  /** Deletes the account, erasing the person's data (AccountErasure: the same erasure as a self-delete). */
  remove(admin: User, id: string) {
    return this.erasure.erase({ by: 'admin', admin }, id);
  }
}
