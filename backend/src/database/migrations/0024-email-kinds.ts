import { Migration } from '@mikro-orm/migrations';

export class Migration0024EmailKinds extends Migration {
  override up(): void {
    // Issue 31: notification email per kind (applications, messages, digests, project news); the
    // kinds a person turned off, beside email_notifications (the switch for all of them).
    this.addSql(`alter table users add column email_off text[] not null default '{}'`);
  }
}
