import { Migration } from '@mikro-orm/migrations';

export class Migration0019CompanyGone extends Migration {
  override up(): void {
    // Issue 27: a company an admin deactivates (or whose role changes) has its open and pending
    // projects closed, as erasure does; \`deactivation\` says which.
    this.addSql(`alter table projects drop constraint projects_closed_by_check`);
    this.addSql(`alter table projects add constraint projects_closed_by_check
      check (closed_by in ('company', 'admin', 'deadline', 'erasure', 'deactivation'))`);
  }
}
