import { Migration } from '@mikro-orm/migrations';

export class Migration0031Portfolios extends Migration {
  override up(): void {
    // Issue 34: a student's portfolio, off until they publish it. Its slug is its stable address
    // (/portfolio/<slug>), random so that it says nothing and survives a change of name.
    this.addSql(`
      create table portfolios (
        user_id uuid primary key references users (id) on delete cascade,
        slug text not null unique,
        published boolean not null default false,
        noindex boolean not null default false,
        show_assessment boolean not null default false,
        review_ids uuid[] not null default '{}',
        updated_at timestamptz not null default now()
      )`);
  }
}
