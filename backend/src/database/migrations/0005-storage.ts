import { Migration } from '@mikro-orm/migrations';

export class Migration0005Storage extends Migration {
  override up(): void {
    this.addSql(`
      create table files (
        id uuid primary key,
        owner_id uuid not null references users (id) on delete cascade,
        path text not null,
        name text not null,
        content_type text not null,
        size int not null,
        token_hash text not null,
        created_at timestamptz not null default now(),
        unique (owner_id, path)
      )`);
    this.addSql(`create index files_owner_idx on files (owner_id)`);
    // Who else may read a file: e.g. the company an application's CV was sent to.
    this.addSql(`
      create table file_shares (
        file_id uuid not null references files (id) on delete cascade,
        user_id uuid not null references users (id) on delete cascade,
        primary key (file_id, user_id)
      )`);
    this.addSql(`alter table applications add column cv_file_id uuid null references files (id) on delete set null`);
  }
}
