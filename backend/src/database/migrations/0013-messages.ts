import { Migration } from '@mikro-orm/migrations';

export class Migration0013Messages extends Migration {
  override up(): void {
    // Issue 13: a conversation on each application, between its student and its project's company.
    this.addSql(`
      create table messages (
        id uuid primary key,
        application_id uuid not null references applications (id) on delete cascade,
        sender_id uuid references users (id) on delete set null,
        recipient_id uuid references users (id) on delete set null,
        body text not null,
        read_at timestamptz,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index messages_thread_idx on messages (application_id, created_at desc)`);
    this.addSql(`create index messages_unread_idx on messages (recipient_id, application_id) where read_at is null`);
  }
}
