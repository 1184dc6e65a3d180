import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
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
  ) {}

  async overview() {
    const em = this.orm.em.fork();
    const [users, pending] = await Promise.all([
      this.identity.stats(),
      em.count(AdminNotificationSchema, { status: 'pending' }),
    ]);
    return { users, pendingNotifications: pending };
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

  async review(id: string, adminId: string) {
    const em = this.orm.em.fork();
    const n = await em.findOne(AdminNotificationSchema, { id });
    if (!n) throw new NotFoundError('notification-not-found', 'This notification does not exist.');
    if (n.status === 'pending') Object.assign(n, { status: 'reviewed', reviewedAt: new Date(), reviewedBy: adminId });
    await em.flush();
    return view(n);
  }

  async reviewAll(adminId: string) {
    const updated = await this.orm.em
      .fork()
      .nativeUpdate(AdminNotificationSchema, { status: 'pending' }, { status: 'reviewed', reviewedAt: new Date(), reviewedBy: adminId });
    return { updated };
  }
}
