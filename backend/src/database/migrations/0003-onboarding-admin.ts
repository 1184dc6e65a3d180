import { Migration } from '@mikro-orm/migrations';

export class Migration0003OnboardingAdmin extends Migration {
  override up(): void {
    this.addSql(`
      create table admin_notifications (
        id uuid primary key,
        type text not null check (type in ('signup')),
        user_id uuid null references users (id) on delete set null,
        email text not null,
        full_name text not null,
        user_type text not null,
        signup_time timestamptz not null,
        status text not null default 'pending' check (status in ('pending', 'reviewed')),
        reviewed_at timestamptz null,
        reviewed_by uuid null,
        created_at timestamptz not null default now(),
        unique (type, user_id)
      )`);
    this.addSql(`create index admin_notifications_created_idx on admin_notifications (created_at desc)`);
    this.addSql(`
      create table assessments (
        id uuid primary key,
        user_id uuid not null unique references users (id) on delete cascade,
        version int not null,
        answers jsonb not null,
        scores jsonb not null,
        overall int not null,
        skills text[] not null default '{}',
        completed_at timestamptz not null
      )`);
  }
}
