import { Injectable } from '@nestjs/common';
import { MikroORM, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { AdminNotificationSchema, InvitationSchema } from './admin.entities.js';

type DB = InferKyselyDB<typeof InvitationSchema | typeof AdminNotificationSchema>;

/** What the admin side holds about a person, as other modules may read it (their data export). */
@Injectable()
export class AdminRecords {
  constructor(private readonly orm: MikroORM) {}

  /**
   * A person's invitations to apply (which project, when, with the match score and its reasons; not
   * which admin sent them) and their signup notice (when, and whether an admin has reviewed it).
   */
  async exportOf(userId: string) {
    const db = this.orm.em.fork().getKysely<DB>({ convertValues: true });
    const [invitations, signupNotices] = await Promise.all([
      db
        .selectFrom('invitations')
        .select(['project_id', 'score', 'reasons', 'created_at'])
        .where('student_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('admin_notifications')
        .select(['type', 'email', 'full_name', 'user_type', 'signup_time', 'status', 'reviewed_at'])
        .where('user_id', '=', userId)
        .orderBy('signup_time')
        .execute(),
    ]);
    return { invitations, signupNotices };
  }
}
