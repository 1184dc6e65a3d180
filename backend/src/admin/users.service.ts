import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { containsPattern } from '../common/sql.js';
import type { User, UserType } from '../identity/identity.entities.js';
import { SessionsService } from '../identity/sessions.service.js';
import { StorageService } from '../storage/storage.service.js';
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
  constructor(
    private readonly orm: MikroORM,
    private readonly sessions: SessionsService,
    private readonly storage: StorageService,
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
   * Erases a person: their account, sessions, codes, assessment, files and invitations go; their
   * applications stay (the company's records) with no student and no motivation; a company's
   * projects stay for their applicants, closed if they were still open or pending; copies of their
   * name and email in notifications and the audit log are blanked.
   */
  async remove(admin: User, id: string) {
    const fileKeys = await this.guarded(admin, id, () => true, async (tx, target) => {
      const files = await tx.execute<Row[]>(`select id, owner_id from files where owner_id = ?`, [id]);
      await tx.execute(`update applications set motivation = '', updated_at = now() where student_id = ?`, [id]);
      await tx.execute(`update projects set status = 'closed', updated_at = now() where company_id = ? and status in ('open', 'pending')`, [id]);
      await tx.execute(`update admin_notifications set email = 'deleted', full_name = 'Deleted user', status = 'reviewed', reviewed_at = coalesce(reviewed_at, now()) where user_id = ?`, [id]);
      await tx.execute(`update audit_log set target_label = 'Deleted user' where target_id = ?`, [id]);
      await tx.execute(`update audit_log set actor_email = 'deleted admin' where actor_id = ?`, [id]);
      await tx.execute(
        `update outbox_events set payload = payload - 'fullName' - 'note' || '{"to":"erased@invalid"}'::jsonb
          where name = 'TestEmailRequested' and lower(payload->>'to') = ?`,
        [target.email_normalized],
      );
      // Files first: removing them clears the applications' CV links; left to the cascade from users,
      // the same statement would also update those applications and trip over the half-deleted files.
      await tx.execute(`delete from files where owner_id = ?`, [id]);
      await tx.execute(`delete from users where id = ?`, [id]);
      await writeAudit(tx, admin, 'user.deleted', { type: 'user', id, label: 'Deleted user' }, { role: target.user_type });
      return files.map((f) => `${f.owner_id}/${f.id}`);
    });
    // The rows are gone; the bytes follow (a failure here leaves an unreachable blob, never a dangling row).
    await Promise.all(fileKeys.map((k) => this.storage.store.delete(k).catch(() => undefined)));
    return { id, deleted: true };
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
