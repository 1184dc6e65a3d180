import { Migration } from '@mikro-orm/migrations';

export class Migration0017ProjectVersion extends Migration {
  override up(): void {
    // Issue 27: what an admin reviewed is named by this number; each change of the listing's text
    // (a company's edit, an admin's correction) raises it, so an approval of older text is refused.
    this.addSql(`alter table projects add column version integer not null default 1`);
  }
}
