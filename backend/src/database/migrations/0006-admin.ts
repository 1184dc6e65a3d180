import { Migration } from '@mikro-orm/migrations';

export class Migration0006Admin extends Migration {
  override up(): void {
    // Deleting a company keeps its projects (students' applications point at them), unattributed.
    this.addSql(`alter table projects alter column company_id drop not null`);
    this.addSql(`alter table projects drop constraint projects_company_id_fkey`);
    this.addSql(
      `alter table projects add constraint projects_company_id_fkey foreign key (company_id) references users (id) on delete set null`,
    );
    // When a company first answered an application (for the median response time).
    this.addSql(`alter table applications add column first_response_at timestamptz null`);
    this.addSql(`
      update applications set first_response_at = updated_at
       where status in ('under_review', 'shortlisted', 'accepted', 'rejected')`);
    this.addSql(`create index users_created_idx on users (created_at)`);
    this.addSql(`
      create table audit_log (
        id uuid primary key default gen_random_uuid(),
        actor_id uuid null references users (id) on delete set null,
        actor_email text not null,
        action text not null,
        target_type text not null,
        target_id uuid null,
        target_label text null,
        details jsonb not null default '{}',
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index audit_log_created_idx on audit_log (created_at desc)`);
    this.addSql(`create index audit_log_target_idx on audit_log (target_id, created_at desc)`);
    this.addSql(`
      create table invitations (
        id uuid primary key,
        project_id uuid not null references projects (id) on delete cascade,
        student_id uuid not null references users (id) on delete cascade,
        invited_by uuid null references users (id) on delete set null,
        score int not null,
        reasons jsonb not null default '[]',
        created_at timestamptz not null default now(),
        unique (project_id, student_id)
      )`);
    this.addSql(`create index invitations_student_idx on invitations (student_id)`);
    // AI Recruitment reads every student per ranking: what it needs is precomputed at write time.
    this.addSql(`
      create function lower_skills(text[]) returns text[] language sql immutable parallel safe
      as $$ select array(select distinct lower(x) from unnest($1) x) $$`);
    this.addSql(`alter table assessments add column skills_lower text[] generated always as (lower_skills(skills)) stored`);
    this.addSql(`
      alter table assessments add column profile tsvector generated always as (to_tsvector('simple', skills_text(skills))) stored`);
    this.addSql(
      `alter table users add column school_search tsvector generated always as (to_tsvector('simple', coalesce(school, ''))) stored`,
    );
    // "Busy" students: accepted somewhere (checked per candidate).
    this.addSql(
      `create index applications_accepted_student_idx on applications (student_id) include (project_id) where status = 'accepted'`,
    );
  }
}
