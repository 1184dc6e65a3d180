import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserType } from '@mashrou/contracts';
import { AdminNotificationSchema } from './admin.entities.js';

/** A signup notification of the older system (its adminNotifications collection), mapped to ours. */
export interface LegacySignupNotice {
  userId: string;
  email: string;
  fullName: string;
  userType: UserType;
  signupTime: Date;
  status: 'pending' | 'reviewed';
}

/** Creates an imported signup notification, or answers `'duplicate'` if that account already has one. */
export async function insertLegacySignupNotice(em: EntityManager, n: LegacySignupNotice) {
  if (await em.findOne(AdminNotificationSchema, { type: 'signup', userId: n.userId }, { fields: ['id'] })) {
    return 'duplicate' as const;
  }
  const notice = em.create(AdminNotificationSchema, {
    id: randomUUID(),
    type: 'signup',
    ...n,
    reviewedAt: n.status === 'reviewed' ? n.signupTime : null,
    reviewedBy: null,
    createdAt: n.signupTime,
  });
  em.persist(notice);
  await em.flush();
  return notice.id;
}
