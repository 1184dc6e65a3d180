import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { MAINTENANCE_JOBS, type EraseLeftovers } from '../maintenance/maintenance.jobs.js';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { containsPattern } from '../common/sql.js';
import type { User, UserType } from '../identity/identity.entities.js';
import { SessionsService } from '../identity/sessions.service.js';
import { IdentityService } from '../identity/identity.service.js';
import { StorageService } from '../storage/storage.service.js';
import { OutboxService } from '../events/outbox.service.js';
import { MarketplaceService } from '../marketplace/marketplace.service.js';
import { OnboardingService } from '../onboarding/onboarding.service.js';
import { DeliveryRecords } from '../notifications/delivery-records.service.js';
import { writeAudit } from './audit.js';

export interface UserListQuery {
  q?: string;
  role?: UserType;
  verified?: boolean;
  onboarded?: boolean;
  active?: boolean;
  page: number;
  pageSize: number;
}

type Row = Record<string, unknown>;

const listView = (r: Row) => ({
  id: r.id as string,
  email: r.email as string,
  fullName: r.full_name as string,
  companyName: (r.company_name as string | null) ?? undefined,
  userType: r.user_type as UserType,
  verified: r.email_verified_at !== null,
  onboardingComplete: r.onboarding_complete as boolean,
  assessmentComplete: r.assessment_complete as boolean,
  active: r.active as boolean,
  createdAt: new Date(r.created_at as string).toISOString(),
});

const selfError = () => new ConflictError('cannot-change-self', 'You cannot demote, deactivate or delete your own account.');
const lastAdminError = () => new ConflictError('last-admin', 'This is the last active admin. Make someone else an admin first.');

/** Manage Users: find, inspect, change role, deactivate / reactivate, delete (erasing personal data). */
@Injectable()
export class AdminUsersService {
  private readonly logger = new Logger(AdminUsersService.name);

  constructor(
    @InjectQueue('maintenance') private readonly maintenance: Queue,
    private readonly orm: MikroORM,
    private readonly sessions: SessionsService,
    private readonly identity: IdentityService,
    private readonly storage: StorageService,
    private readonly outbox: OutboxService,
    private readonly market: MarketplaceService,
    private readonly onboarding: OnboardingService,
    private readonly deliveries: DeliveryRecords,
  ) {}

  async list(q: UserListQuery) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.q) {
      // A plain substring match on name, email or company; the pattern's wildcards are escaped.
      const like = containsPattern(q.q.toLowerCase());
      where.push(`(email_normalized like ? or lower(full_name) like ? or lower(coalesce(company_name, '')) like ?)`);
      params.push(like, like, like);
    }
    if (q.role) {
      where.push('user_type = ?');
      params.push(q.role);
    }
    if (q.verified !== undefined) where.push(q.verified ? 'email_verified_at is not null' : 'email_verified_at is null');
    if (q.onboarded !== undefined) where.push(q.onboarded ? 'onboarding_complete' : 'not onboarding_complete');
    if (q.active !== undefined) where.push(q.active ? 'active' : 'not active');
    const sql = `
      select id, email, full_name, company_name, user_type, email_verified_at, onboarding_complete,
             assessment_complete, active, created_at, count(*) over () as total
        from users ${where.length ? `where ${where.join(' and ')}` : ''}
       order by created_at desc, id
       limit ? offset ?`;
    const rows = await this.orm.em.fork().execute<Row[]>(sql, [...params, q.pageSize, (q.page - 1) * q.pageSize]);
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && q.page > 1) {
      const [c] = await this.orm.em.fork().execute<Row[]>(`select count(*) as n from users ${where.length ? `where ${where.join(' and ')}` : ''}`, params);
      total = Number(c.n);
    }
    return { items: rows.map(listView), total, page: q.page, pageSize: q.pageSize };
  }

  async detail(id: string) {
    const em = this.orm.em.fork();
    const [row] = await em.execute<Row[]>(
      `select u.*, a.overall, a.scores, a.skills, a.completed_at as assessed_at
         from users u left join assessments a on a.user_id = u.id where u.id = ?`,
      [id],
    );
    if (!row) throw new NotFoundError('user-not-found', 'This user does not exist.');
    const [projects, applications, invitations, audit] = await Promise.all([
      row.user_type === 'startup'
        ? em.execute<Row[]>(
            `select p.id, p.title, p.status, p.created_at, count(a.id) as applicants
               from projects p left join applications a on a.project_id = p.id
              where p.company_id = ? group by p.id order by p.created_at desc limit 50`,
            [id],
          )
        : Promise.resolve([]),
      row.user_type === 'student'
        ? em.execute<Row[]>(
            `select id, project_id, project_title, status, updated_at from applications
              where student_id = ? order by updated_at desc limit 50`,
            [id],
          )
        : Promise.resolve([]),
      em.execute<Row[]>(
        `select i.project_id, p.title, i.created_at from invitations i join projects p on p.id = i.project_id
          where i.student_id = ? order by i.created_at desc limit 50`,
        [id],
      ),
      this.auditFor(em, id),
    ]);
    return {
      ...listView(row),
      school: (row.school as string | null) ?? undefined,
      graduationYear: (row.graduation_year as number | null) ?? undefined,
      whatsapp: (row.whatsapp as string | null) ?? undefined,
      linkedin: (row.linkedin as string | null) ?? undefined,
      emailNotifications: row.email_notifications as boolean,
      assessment:
        row.overall === null
          ? undefined
          : { overall: row.overall as number, scores: row.scores as Record<string, number>, skills: row.skills as string[], completedAt: new Date(row.assessed_at as string).toISOString() },
      projects: projects.map((p) => ({ id: p.id, title: p.title, status: p.status, applicants: Number(p.applicants), createdAt: new Date(p.created_at as string).toISOString() })),
      applications: applications.map((a) => ({ id: a.id, projectId: a.project_id, projectTitle: a.project_title || 'Unknown Project', status: a.status, updatedAt: new Date(a.updated_at as string).toISOString() })),
      invitations: invitations.map((i) => ({ projectId: i.project_id, projectTitle: i.title, createdAt: new Date(i.created_at as string).toISOString() })),
      audit,
    };
  }

  private async auditFor(em: EntityManager, targetId: string) {
    const rows = await em.execute<Row[]>(
      `select id, actor_email, action, target_type, target_id, target_label, details, created_at
         from audit_log where target_id = ? order by created_at desc limit 50`,
      [targetId],
    );
    return rows.map(auditView);
  }

  async audit(page: number, pageSize: number, action?: string) {
    const rows = await this.orm.em.fork().execute<Row[]>(
      `select id, actor_email, action, target_type, target_id, target_label, details, created_at, count(*) over () as total
         from audit_log ${action ? 'where action = ?' : ''} order by created_at desc, id limit ? offset ?`,
      [...(action ? [action] : []), pageSize, (page - 1) * pageSize],
    );
    return { items: rows.map(auditView), total: rows.length ? Number(rows[0].total) : 0, page, pageSize };
  }

  /**
   * Locks the admins (so two admins cannot demote each other at once and leave none), loads the
   * target, and refuses changes to oneself or that would leave no active admin.
   */
  private async guarded<T>(admin: User, id: string, losesAdmin: (target: Row) => boolean, work: (tx: EntityManager, target: Row) => Promise<T>) {
    return this.orm.em.fork().transactional(async (tx) => {
      const admins = await tx.execute<Row[]>(`select id from users where user_type = 'admin' and active order by id for update`);
      const [target] = await tx.execute<Row[]>(`select * from users where id = ? for update`, [id]);
      if (!target) throw new NotFoundError('user-not-found', 'This user does not exist.');
      if (losesAdmin(target)) {
        if (target.id === admin.id) throw selfError();
        if (target.user_type === 'admin' && target.active && admins.length <= 1) throw lastAdminError();
      }
      return work(tx, target);
    });
  }

  async changeRole(admin: User, id: string, role: UserType) {
    return this.guarded(admin, id, (t) => t.user_type === 'admin' && role !== 'admin', async (tx, target) => {
      if (target.user_type === role) return this.detail(id);
      // A company needs a company name; a new one starts from the person's name, editable in Settings.
      await tx.execute(
        `update users set user_type = ?, company_name = case when ? = 'startup' then coalesce(company_name, full_name) else company_name end,
                          updated_at = now() where id = ?`,
        [role, role, id],
      );
      // Their screens change with the role: sign them in again.
      await this.sessions.revokeAll(tx, id);
      await writeAudit(tx, admin, 'user.role_changed', { type: 'user', id, label: target.email as string }, { from: target.user_type, to: role });
      return { id, userType: role };
    });
  }

  async setActive(admin: User, id: string, active: boolean) {
    return this.guarded(admin, id, () => !active, async (tx, target) => {
      if (target.active === active) return { id, active };
      await tx.execute(`update users set active = ?, updated_at = now() where id = ?`, [active, id]);
      if (!active) await this.sessions.revokeAll(tx, id);
      await writeAudit(tx, admin, active ? 'user.reactivated' : 'user.deactivated', { type: 'user', id, label: target.email as string });
      return { id, active };
    });
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
    const after = await this.guarded(admin, id, () => true, async (tx, target) => {
      const person = { userId: id, email: target.email_normalized as string, fullName: target.full_name as string };
      const eventIds = await this.outbox.erase(tx, person);
      await this.deliveries.erase(tx, eventIds, id);
      await this.eraseAdminRecords(tx, person);
      await this.market.erase(tx, id);
      await this.onboarding.erase(tx, id);
      const removeBytes = await this.storage.erase(tx, id);
      await this.identity.erase(tx, id);
      await writeAudit(tx, admin, 'user.deleted', { type: 'user', label: 'Deleted user' }, { role: target.user_type });
      return { eventIds, removeBytes, emailNormalized: person.email };
    });
    await after.removeBytes().catch((err: Error) => this.logger.error(`erasure: bytes left for ${id} (${err.message}); unreachable, no row points at them`));
    const leftovers: EraseLeftovers = { eventIds: after.eventIds, fragments: this.identity.limitFragments({ id, emailNormalized: after.emailNormalized }) };
    try {
      await this.outbox.removeJobs(leftovers.eventIds);
      await this.identity.forgetLimits(leftovers.fragments);
    } catch (err) {
      // Redis hiccuped: the rows are gone; what Redis still holds is retried by a maintenance job.
      this.logger.warn(`erasure: Redis cleanup deferred (${(err as Error).message})`);
      await this.maintenance
        .add(MAINTENANCE_JOBS.eraseLeftovers, leftovers, { attempts: 20, backoff: { type: 'exponential', delay: 30_000 } })
        .catch((e: Error) => this.logger.error(`erasure: could not queue the Redis cleanup (${e.message})`));
    }
    return { id, deleted: true as const };
  }

  /** The admin module's own tables: signup notifications, audit log, invitations. */
  private async eraseAdminRecords(tx: EntityManager, person: { userId: string; email: string }) {
    await tx.execute(`delete from admin_notifications where user_id = ?`, [person.userId]);
    await tx.execute(`update admin_notifications set reviewed_by = null where reviewed_by = ?`, [person.userId]);
    await tx.execute(
      `update audit_log set target_id = null, target_label = 'Deleted user' where target_id = ? or lower(target_label) = ?`,
      [person.userId, person.email],
    );
    await tx.execute(`update audit_log set actor_id = null, actor_email = 'deleted admin' where actor_id = ?`, [person.userId]);
    await tx.execute(`delete from invitations where student_id = ?`, [person.userId]);
    await tx.execute(`update invitations set invited_by = null where invited_by = ?`, [person.userId]);
  }
}

export const auditView = (r: Row) => ({
  id: r.id as string,
  actor: r.actor_email as string,
  action: r.action as string,
  targetType: r.target_type as string,
  targetId: (r.target_id as string | null) ?? undefined,
  target: (r.target_label as string | null) ?? undefined,
  details: r.details as Record<string, unknown>,
  createdAt: new Date(r.created_at as string).toISOString(),
});
