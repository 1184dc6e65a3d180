import { Migration } from '@mikro-orm/migrations';

export class Migration0012Inbox extends Migration {
  override up(): void {
    // Issue 13: notifications in the app (the bell), one per event and recipient.
    this.addSql(`
      create table inbox_items (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        dedupe_key text not null,
        kind text not null,
        data jsonb not null default '{}',
        -- The other person it names (the applicant, the company): their name goes when they are erased.
        about_user_id uuid,
        read_at timestamptz,
        created_at timestamptz not null default now(),
        unique (user_id, dedupe_key)
      )`);
    this.addSql(`create index inbox_items_user_idx on inbox_items (user_id, created_at desc)`);
    this.addSql(`create index inbox_items_unread_idx on inbox_items (user_id) where read_at is null`);
    this.addSql(`create index inbox_items_about_idx on inbox_items (about_user_id) where about_user_id is not null`);
  }
}
