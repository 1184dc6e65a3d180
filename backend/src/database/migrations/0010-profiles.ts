import { Migration } from '@mikro-orm/migrations';

export class Migration0010Profiles extends Migration {
  override up(): void {
    // Issue 13: profiles editable at any time. The student info form's fields stay on `users`; what
    // only a profile holds lives in onboarding's own tables.
    this.addSql(`
      create table student_profiles (
        user_id uuid primary key references users (id) on delete cascade,
        bio text,
        cv_file_id uuid,
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table company_profiles (
        user_id uuid primary key references users (id) on delete cascade,
        about text,
        website text,
        location text,
        size text check (size in ('1-10', '11-50', '51-200', '201-1000', '1000+')),
        updated_at timestamptz not null default now()
      )`);
  }
}
