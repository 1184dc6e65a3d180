import { Migration } from '@mikro-orm/migrations';

export class Migration0004Marketplace extends Migration {
  override up(): void {
    // array_to_string is only STABLE; a generated column needs an IMMUTABLE expression.
    this.addSql(`
      create function skills_text(text[]) returns text language sql immutable parallel safe
      as $$ select array_to_string($1, ' ') $$`);
    this.addSql(`
      create table projects (
        id uuid primary key,
        company_id uuid not null references users (id) on delete cascade,
        company_name text not null,
        title text not null,
        description text not null,
        requirements text[] not null default '{}',
        skills text[] not null default '{}',
        responsibilities text[] not null default '{}',
        qualifications text[] not null default '{}',
        duration_weeks int not null,
        weekly_hours int not null,
        work_mode text not null check (work_mode in ('remote', 'onsite', 'hybrid')),
        location text null,
        start_date date null,
        deadline date null,
        paid boolean not null default false,
        stipend int null,
        status text not null default 'pending' check (status in ('pending', 'open', 'closed', 'rejected')),
        rejection_reason text null,
        reviewed_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        search tsvector generated always as (
          setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('simple', skills_text(skills)), 'B') ||
          setweight(to_tsvector('simple', coalesce(description, '')), 'C')
        ) stored
      )`);
    this.addSql(`create index projects_search_idx on projects using gin (search)`);
    this.addSql(`create index projects_skills_idx on projects using gin (skills)`);
    this.addSql(`create index projects_open_created_idx on projects (created_at desc) where status = 'open'`);
    this.addSql(`create index projects_company_idx on projects (company_id, created_at desc)`);
    this.addSql(`create index projects_status_idx on projects (status, created_at)`);
    this.addSql(`
      create table applications (
        id uuid primary key,
        project_id uuid not null references projects (id) on delete cascade,
        student_id uuid null references users (id) on delete set null,
        project_title text not null,
        motivation text not null,
        status text not null default 'submitted'
          check (status in ('submitted', 'under_review', 'shortlisted', 'accepted', 'rejected', 'withdrawn')),
        notes text null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (project_id, student_id)
      )`);
    this.addSql(`create index applications_student_idx on applications (student_id, updated_at desc)`);
    this.addSql(`create index applications_project_idx on applications (project_id, created_at desc)`);
  }
}
