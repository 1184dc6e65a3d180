import { Migration } from '@mikro-orm/migrations';

export class Migration0029EngagementEndingsReviews extends Migration {
  override up(): void {
    // Issue 34: an engagement ends (completed once every milestone is accepted, or ended early with a
    // reason), then both sides review each other. Both go with the application.
    this.addSql(`
      create table engagement_endings (
        application_id uuid primary key references applications (id) on delete cascade,
        outcome text not null check (outcome in ('completed', 'ended-early')),
        reason text,
        ended_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table reviews (
        id uuid primary key,
        application_id uuid not null references applications (id) on delete cascade,
        author text not null check (author in ('company', 'student')),
        overall numeric(3, 2) not null check (overall between 1 and 5),
        scores jsonb not null default '{}',
        body text not null default '',
        created_at timestamptz not null default now(),
        reported_at timestamptz,
        report_reason text,
        hidden_at timestamptz,
        -- when an admin last decided on it (hid it, kept it, showed it again): out of the queue
        looked_at timestamptz,
        unique (application_id, author)
      )`);
    // Admins' list: the reported ones.
    this.addSql('create index reviews_reported on reviews (reported_at) where reported_at is not null');
  }
}
