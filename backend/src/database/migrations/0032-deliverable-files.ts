import { Migration } from '@mikro-orm/migrations';

export class Migration0032DeliverableFiles extends Migration {
  override up(): void {
    // Issue 34: the files a student hands in with a milestone (their own uploads, shared with the
    // company by the hand-in). A file the student deletes later is simply gone from the list.
    this.addSql(`alter table deliverables add column file_ids uuid[] not null default '{}'`);
  }
}
