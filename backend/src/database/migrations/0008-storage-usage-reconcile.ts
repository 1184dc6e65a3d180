import { Migration } from '@mikro-orm/migrations';

export class Migration0008StorageUsageReconcile extends Migration {
  override up(): void {
    // When a user's usage last moved: the hourly reconciliation only touches rows quiet for an hour
    // (an upload in flight has reserved bytes that have no file row yet).
    this.addSql(`alter table storage_usage add column updated_at timestamptz not null default now()`);
  }
}
