import { Migration } from '@mikro-orm/migrations';

export class Migration0034ApplicationAcceptedAt extends Migration {
  override up(): void {
    // Issue 34: when the company accepted the application — the day the engagement (and its
    // certificate) starts. Applications accepted before this column existed take the day their first
    // milestone was set, or else their last change.
    this.addSql(`alter table applications add column accepted_at timestamptz null`);
    this.addSql(`
      update applications a
         set accepted_at = coalesce((select min(m.created_at) from milestones m where m.application_id = a.id), a.updated_at)
       where a.status = 'accepted'`);
  }
}
