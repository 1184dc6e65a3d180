import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { MikroORM, type EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { Page, UserDetail, UserRow as UserRowView, UserType, UsersQuery } from '@mashrou/contracts';
import type { z } from 'zod';
import { AuditService } from '../audit/index.js';
import { NotFoundError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { AccountsService, type User, type UserRow } from '../identity/index.js';
import { MAINTENANCE_JOBS, type EraseLeftovers } from '../maintenance/index.js';
import { MarketplaceRecords } from '../marketplace/index.js';
import { DeliveryRecords, InboxService } from '../notifications/index.js';
import { AssessmentService, ProfilesService } from '../onboarding/index.js';
import { StorageService } from '../storage/index.js';
import type { InvitationSchema } from './admin.entities.js';
import { SignupNotificationsService } from './signup-notifications.service.js';

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
  private readonly logger = new Logger(ManageUsersService.name);

  constructor(
    @InjectQueue('maintenance') private readonly maintenance: Queue,
    private readonly orm: MikroORM,
    private readonly accounts: AccountsService,
    private readonly assessments: AssessmentService,
    private readonly profiles: ProfilesService,
    private readonly inbox: InboxService,
    private readonly market: MarketplaceRecords,
    private readonly storage: StorageService,
    private readonly audit: AuditService,
    private readonly signups: SignupNotificationsService,
    private readonly outbox: OutboxService,
    private readonly deliveries: DeliveryRecords,
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

  /**
   * Erases a person in one transaction, each module erasing what it holds: the outbox events that
   * named them and the records of mails about them, their signup notification and the copies of
   * their address in the audit log and invitations, their applications' motivation and notes (the
   * applications stay with the companies, with no student), their assessment, their files, and
   * last the account with its sessions, codes and reset links. After commit: the files' bytes,
   * the queue jobs whose data named them, and their rate-limit counters.
   */
  async remove(admin: User, id: string) {
    const after = await this.accounts.guarded(
      admin.id,
      id,
      () => true,
      async (tx, target) => {
        const person = { userId: id, email: target.email_normalized, fullName: target.full_name };
        const eventIds = await this.outbox.erase(tx, person);
        await this.deliveries.erase(tx, eventIds, id);
        await this.signups.erase(tx, id);
        await this.audit.erase(tx, person);
        await this.eraseInvitations(tx, id);
        await this.market.erase(tx, id);
        await this.assessments.erase(tx, id);
        await this.profiles.erase(tx, id);
        await this.inbox.erase(tx, id);
        const removeBytes = await this.storage.erase(tx, id);
        await this.accounts.erase(tx, id);
        await this.audit.write(tx, admin, 'user.deleted', { type: 'user', label: 'Deleted user' }, { role: target.user_type });
        return { eventIds, removeBytes, emailNormalized: person.email };
      },
    );
    await after.removeBytes().catch((err: unknown) => {
      this.logger.error(`erasure: bytes left for ${id} (${String(err)}); unreachable, no row points at them`);
    });
    const leftovers: EraseLeftovers = {
      eventIds: after.eventIds,
      fragments: this.accounts.limitFragments({ id, emailNormalized: after.emailNormalized }),
    };
    try {
      await this.outbox.removeJobs(leftovers.eventIds);
      await this.accounts.forgetLimits(leftovers.fragments);
    } catch (err) {
      // Redis hiccuped: the rows are gone; what Redis still holds is retried by a maintenance job.
      this.logger.warn(`erasure: Redis cleanup deferred (${String(err)})`);
      await this.maintenance
        .add(MAINTENANCE_JOBS.eraseLeftovers, leftovers, { attempts: 20, backoff: { type: 'exponential', delay: 30_000 } })
        .catch((e: unknown) => {
          this.logger.error(`erasure: could not queue the Redis cleanup (${String(e)})`);
        });
    }
    return { id, deleted: true as const };
  }

  /** Erasure: invitations to the person go; their id leaves the ones they sent. */
  private async eraseInvitations(tx: EntityManager, userId: string) {
    const db = tx.getKysely<DB>({ convertValues: true });
    await db.deleteFrom('invitations').where('student_id', '=', userId).execute();
    await db.updateTable('invitations').set({ invited_by: null }).where('invited_by', '=', userId).execute();
  }
}
