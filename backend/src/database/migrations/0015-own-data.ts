import { Migration } from '@mikro-orm/migrations';

export class Migration0015OwnData extends Migration {
  override up(): void {
    // Issue 14, people own their data. A code now says what it proves: the account's own address
    // ('verify') or a new one the owner is moving to ('change'); the address waiting for its code.
    this.addSql(`alter table verification_codes add column purpose text not null default 'verify'
      check (purpose in ('verify', 'change'))`);
    this.addSql(`alter table users add column pending_email text`);
    // Data exports: one archive per request, downloadable by its owner with a token kept as SHA-256.
    this.addSql(`
      create table data_exports (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        status text not null default 'pending' check (status in ('pending', 'ready', 'failed')),
        token_hash text unique,
        size bigint,
        requested_at timestamptz not null default now(),
        ready_at timestamptz,
        expires_at timestamptz
      )`);
    this.addSql(`create index data_exports_user_idx on data_exports (user_id, requested_at desc)`);
  }
}
