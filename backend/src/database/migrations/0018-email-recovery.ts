import { Migration } from '@mikro-orm/migrations';

export class Migration0018EmailRecovery extends Migration {
  override up(): void {
    // Issue 27: the notice to an account's old address carries a link that gives the account back
    // to it (a new password, everyone signed out, the old address restored). Such a link is a reset
    // token that remembers the address; a later password change or reset does not cancel it.
    this.addSql(`alter table password_reset_tokens add column restore_email text null`);
  }
}
