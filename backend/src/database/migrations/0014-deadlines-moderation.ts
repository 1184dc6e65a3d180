import { Migration } from '@mikro-orm/migrations';

export class Migration0014DeadlinesModeration extends Migration {
  override up(): void {
    // Issue 14: why and when a project closed (its deadline, its company, an admin), and the weekly
    // digest of waiting applicants sent once per company and week.
    // moderation_reason: the admin's last reason, read by the notice's handler (events carry ids only).
    this.addSql(`alter table projects add column closed_at timestamptz, add column closed_by text
      check (closed_by in ('company', 'admin', 'deadline', 'erasure')), add column moderation_reason text`);
    this.addSql(`create index projects_open_deadline_idx on projects (deadline) where status = 'open' and deadline is not null`);
    this.addSql(`
      create table company_digests (
        company_id uuid not null references users (id) on delete cascade,
        week date not null,
        sent_at timestamptz not null default now(),
        primary key (company_id, week)
      )`);
  }
}
