import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { Page, SignupNotification } from '@mashrou/contracts';
import { AuditService } from '../audit/index.js';
import { NotFoundError } from '../common/errors.js';
import type { User } from '../identity/index.js';
import { AdminNotificationSchema, type AdminNotification } from './admin.entities.js';

type DB = InferKyselyDB<typeof AdminNotificationSchema>;

const view = (n: AdminNotification): SignupNotification => ({
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

/** Spec §3, §4: a notification per signup on the admin dashboard, pending until reviewed. */
@Injectable()
export class SignupNotificationsService {
  constructor(
    private readonly orm: MikroORM,
    private readonly audit: AuditService,
  ) {}

  /** Records a signup, once per user (a replayed event adds nothing). */
  async record(user: User) {
    await this.orm.em
      .fork()
      .getKysely<DB>({ convertValues: true })
      .insertInto('admin_notifications')
      .values({
        id: randomUUID(),
        type: 'signup',
        user_id: user.id,
        email: user.email,
        full_name: user.fullName,
        user_type: user.userType,
        signup_time: user.createdAt,
        status: 'pending',
        reviewed_at: null,
        reviewed_by: null,
        created_at: new Date(),
      })
      .onConflict((oc) => oc.columns(['type', 'user_id']).doNothing())
      .execute();
  }

  pendingCount() {
    return this.orm.em.fork().count(AdminNotificationSchema, { status: 'pending' });
  }

  async list(page: number, pageSize: number, status?: 'pending' | 'reviewed'): Promise<Page<SignupNotification>> {
    const [items, total] = await this.orm.em.fork().findAndCount(AdminNotificationSchema, status ? { status } : {}, {
      orderBy: { createdAt: 'desc' },
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { items: items.map(view), total, page, pageSize };
  }

  async review(id: string, admin: User): Promise<SignupNotification> {
    return this.orm.em.fork().transactional(async (tx) => {
      const n = await tx.findOne(AdminNotificationSchema, { id });
      if (!n) throw new NotFoundError('notification-not-found', 'This notification does not exist.');
      if (n.status === 'pending') {
        Object.assign(n, { status: 'reviewed', reviewedAt: new Date(), reviewedBy: admin.id });
        await tx.flush();
        await this.audit.write(tx, admin, 'notifications.reviewed', { type: 'notification', id: n.id, label: n.email });
      }
      return view(n);
    });
  }

  async reviewAll(admin: User) {
    return this.orm.em.fork().transactional(async (tx) => {
      const updated = await tx.nativeUpdate(
        AdminNotificationSchema,
        { status: 'pending' },
        { status: 'reviewed', reviewedAt: new Date(), reviewedBy: admin.id },
      );
      if (updated)
        await this.audit.write(
          tx,
          admin,
          'notifications.reviewed',
          { type: 'notification', label: `${updated} notifications` },
          { count: updated },
        );
      return { updated };
    });
  }

  /** Erasure: the person's own signup notification goes; their id leaves the ones they reviewed. */
  async erase(tx: EntityManager, userId: string) {
    const db = tx.getKysely<DB>({ convertValues: true });
    await db.deleteFrom('admin_notifications').where('user_id', '=', userId).execute();
    await db.updateTable('admin_notifications').set({ reviewed_by: null }).where('reviewed_by', '=', userId).execute();
  }
}
