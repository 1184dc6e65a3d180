import { Migration } from '@mikro-orm/migrations';

export class Migration0027Workspace extends Migration {
  override up(): void {
    // Issue 34: an accepted application's workspace. The company sets milestones; the student hands
    // in deliverables for each (again after changes are asked for); the company accepts or asks for
    // changes. Everything goes with the application (erasure deletes it, and so these).
    this.addSql(`
      create table milestones (
        id uuid primary key,
        application_id uuid not null references applications (id) on delete cascade,
        title text not null,
        expectations text not null default '',
        due_on date not null,
        status text not null default 'open'
          check (status in ('open', 'submitted', 'changes-requested', 'accepted')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create index milestones_application_due on milestones (application_id, due_on, created_at)');
    this.addSql(`
      create table deliverables (
        id uuid primary key,
        milestone_id uuid not null references milestones (id) on delete cascade,
        body text not null,
        links text[] not null default '{}',
        submitted_at timestamptz not null default now(),
        outcome text check (outcome in ('accepted', 'changes-requested')),
        feedback text,
        reviewed_at timestamptz
      )`);
    this.addSql('create index deliverables_milestone on deliverables (milestone_id, submitted_at)');
  }
}
