import { Migration } from '@mikro-orm/migrations';

export class Migration0002Identity extends Migration {
  override up(): void {
    this.addSql(`
      create table users (
        id uuid primary key,
        email text not null,
        email_normalized text not null unique,
        password_hash text not null,
        full_name text not null,
        company_name text null,
        user_type text not null check (user_type in ('student', 'startup', 'admin')),
        email_verified_at timestamptz null,
        email_notifications boolean not null default true,
        onboarding_complete boolean not null default false,
        school text null,
        graduation_year int null,
        whatsapp text null,
        linkedin text null,
        assessment_complete boolean not null default false,
        active boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index users_type_created_idx on users (user_type, created_at desc)`);
    this.addSql(`
      create table sessions (
        id_hash text primary key,
        user_id uuid not null references users (id) on delete cascade,
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        expires_at timestamptz not null,
        ip text null,
        user_agent text null
      )`);
    this.addSql(`create index sessions_user_id_index on sessions (user_id)`);
    this.addSql(`
      create table verification_codes (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        email text not null,
        code_hash text not null,
        used boolean not null default false,
        used_at timestamptz null,
        failed_attempts int not null default 0,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index verification_codes_email_idx on verification_codes (email, created_at desc)`);
    this.addSql(`
      create table password_reset_tokens (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        token_hash text not null unique,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz null
      )`);
    this.addSql(`create index password_reset_tokens_user_idx on password_reset_tokens (user_id)`);
  }
}
