import { Migration } from '@mikro-orm/migrations';

export class Migration0030Certificates extends Migration {
  override up(): void {
    // Issue 34: a completed engagement's certificate. Its facts are kept as they were when it was
    // issued (a later change of a name or a title does not rewrite it); its code is the public
    // address of its page (/verify/<code>): 130 random bits, a handle to read, not a credential.
    this.addSql(`
      create table certificates (
        application_id uuid primary key references applications (id) on delete cascade,
        code text not null unique,
        student_name text not null,
        project_title text not null,
        company_name text not null,
        started_on date not null,
        completed_on date not null,
        skills text[] not null default '{}',
        show_rating boolean not null default false,
        issued_at timestamptz not null default now(),
        withdrawn_at timestamptz,
        withdrawn_reason text
      )`);
  }
}
