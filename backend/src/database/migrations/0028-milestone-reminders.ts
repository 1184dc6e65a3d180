import { Migration } from '@mikro-orm/migrations';

export class Migration0028MilestoneReminders extends Migration {
  override up(): void {
    // Issue 34: a milestone past its day with the student's work still due reminds both sides once;
    // `overdue_told_at` says it did (a change of its due date makes it due for a reminder again).
    this.addSql('alter table milestones add column overdue_told_at timestamptz');
    this.addSql(`create index milestones_overdue on milestones (due_on)
      where overdue_told_at is null and status in ('open', 'changes-requested')`);
  }
}
