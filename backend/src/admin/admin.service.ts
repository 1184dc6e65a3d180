import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { MikroORM } from '@mikro-orm/postgresql';
import { QUEUE_NAMES } from '../queues/queues.js';
import type { User } from '../identity/identity.entities.js';
import { writeAudit } from './audit.js';
import { NotFoundError } from '../common/errors.js';
import { IdentityService } from '../identity/identity.service.js';
import { AdminNotificationSchema, type AdminNotification } from './admin.entities.js';

const view = (n: AdminNotification) => ({
  id: n.id,
  type: n.type,
  userId: n.userId ?? undefined,
  email: n.email,
  fullName: n.fullName,
  userType: n.userType,
  signupTime: n.signupTime.toISOString(),
  status: n.status,
  reviewedAt: n.reviewedAt?.toISOString(),
});

@Injectable()
export class AdminService {
  constructor(
    private readonly orm: MikroORM,
    private readonly identity: IdentityService,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Every figure of the admin dashboard, in one round of parallel queries. */
  async overview() {
    const em = this.orm.em.fork();
    const num = (rows: Record<string, unknown>[]) => Object.fromEntries(rows.map((r) => [r.status as string, Number(r.n)]));
    const [users, pending, signups, projects, applications, [median], queues] = await Promise.all([
      this.identity.stats(),
      em.count(AdminNotificationSchema, { status: 'pending' }),
      em.execute<{ day: string; n: string }[]>(
        `select to_char(d, 'YYYY-MM-DD') as day, count(u.id) as n
           from generate_series(current_date - 29, current_date, interval '1 day') d
           left join users u on u.created_at >= d and u.created_at < d + interval '1 day'
          group by d order by d`,
      ),
      em.execute<Record<string, unknown>[]>(`select status, count(*) as n from projects group by status`),
      em.execute<Record<string, unknown>[]>(`select status, count(*) as n from applications group by status`),
      em.execute<{ hours: string | null; answered: string }[]>(
        `select percentile_cont(0.5) within group (order by extract(epoch from first_response_at - created_at)) / 3600 as hours,
                count(*) as answered
           from applications where first_response_at is not null and created_at > now() - interval '90 days'`,
      ),
      this.queueHealth(),
    ]);
    return {
      users,
      pendingNotifications: pending,
      signupsPerDay: signups.map((r) => ({ day: r.day, count: Number(r.n) })),
      projectsByStatus: { pending: 0, open: 0, closed: 0, rejected: 0, ...num(projects) },
      applicationsByStatus: { submitted: 0, under_review: 0, shortlisted: 0, accepted: 0, rejected: 0, withdrawn: 0, ...num(applications) },
      medianResponseHours: median.hours === null ? null : Math.round(Number(median.hours) * 10) / 10,
      answeredLast90Days: Number(median.answered),
      queues,
    };
  }

  /** Jobs per queue; a queue whose Redis does not answer says so instead of failing the page. */
  async queueHealth() {
    return Promise.all(
      QUEUE_NAMES.map(async (name) => {
        const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
        try {
          const counts = await Promise.race([
            queue.getJobCounts('waiting', 'active', 'failed', 'delayed', 'completed'),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
          ]);
          return { name, ok: true, waiting: counts.waiting ?? 0, active: counts.active ?? 0, failed: counts.failed ?? 0, delayed: counts.delayed ?? 0, completed: counts.completed ?? 0 };
        } catch {
          return { name, ok: false, waiting: 0, active: 0, failed: 0, delayed: 0, completed: 0 };
        }
      }),
    );
  }

  async notifications(page: number, pageSize: number, status?: 'pending' | 'reviewed') {
    const [items, total] = await this.orm.em
      .fork()
      .findAndCount(AdminNotificationSchema, status ? { status } : {}, {
        orderBy: { createdAt: 'desc' },
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
    return { items: items.map(view), total, page, pageSize };
  }

  async review(id: string, admin: User) {
    return this.orm.em.fork().transactional(async (tx) => {
      const n = await tx.findOne(AdminNotificationSchema, { id });
      if (!n) throw new NotFoundError('notification-not-found', 'This notification does not exist.');
      if (n.status === 'pending') {
        Object.assign(n, { status: 'reviewed', reviewedAt: new Date(), reviewedBy: admin.id });
        await tx.flush();
        await writeAudit(tx, admin, 'notifications.reviewed', { type: 'notification', id: n.id, label: n.email });
      }
      return view(n);
    });
  }

  async reviewAll(admin: User) {
    return this.orm.em.fork().transactional(async (tx) => {
      const updated = await tx.nativeUpdate(AdminNotificationSchema, { status: 'pending' }, { status: 'reviewed', reviewedAt: new Date(), reviewedBy: admin.id });
      if (updated) await writeAudit(tx, admin, 'notifications.reviewed', { type: 'notification', label: `${updated} notifications` }, { count: updated });
      return { updated };
    });
  }
}
