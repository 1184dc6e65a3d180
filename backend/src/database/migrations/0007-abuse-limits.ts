import { Migration } from '@mikro-orm/migrations';

export class Migration0007AbuseLimits extends Migration {
  override up(): void {
    // What each user stores, kept in step with `files` in the same transactions: an upload reserves
    // its bytes with one conditional upsert (row-locked), so parallel uploads cannot pass the quota.
    this.addSql(`
      create table storage_usage (
        user_id uuid primary key references users (id) on delete cascade,
        bytes bigint not null default 0 check (bytes >= 0),
        files int not null default 0 check (files >= 0)
      )`);
    this.addSql(`
      insert into storage_usage (user_id, bytes, files)
      select owner_id, sum(size), count(*) from files group by owner_id`);
    // Download links expire; existing ones get the default week from now.
    this.addSql(`alter table files add column token_expires_at timestamptz not null default now() + interval '7 days'`);
    this.addSql(`alter table files alter column token_expires_at drop default`);
    // The purge of idle sessions.
    this.addSql(`create index sessions_last_seen_idx on sessions (last_seen_at)`);
  }
}
