import { Migration } from '@mikro-orm/migrations';

export class Migration0033SavedSearches extends Migration {
  override up(): void {
    // Issue 34: a student's saved searches (Browse's words and filters), and the projects each
    // student was alerted to: one row per student and project, however many of their searches match
    // and however many workers handle the approval (the primary key), so each is told once; a daily
    // digest claims the rows it reports (digest_claim, one per run), so none goes in two digests.
    this.addSql(`
      create table saved_searches (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        q text,
        skill text,
        mode text check (mode in ('remote', 'onsite', 'hybrid')),
        paid boolean,
        max_weeks int,
        instant boolean not null default true,
        daily boolean not null default false,
        created_at timestamptz not null default now()
      )`);
    this.addSql('create index saved_searches_user on saved_searches (user_id, created_at)');
    this.addSql(`
      create table search_alerts (
        user_id uuid not null references users (id) on delete cascade,
        project_id uuid not null references projects (id) on delete cascade,
        daily boolean not null,
        digest_claim uuid,
        created_at timestamptz not null default now(),
        primary key (user_id, project_id)
      )`);
    this.addSql('create index search_alerts_digest on search_alerts (created_at) where daily and digest_claim is null');
  }
}
