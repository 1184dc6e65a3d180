import { Migration } from '@mikro-orm/migrations';

export class Migration0009Locale extends Migration {
  override up(): void {
    // The language of an account's screens and emails (issue 12). Existing accounts keep English.
    this.addSql(`alter table users add column locale text not null default 'en' check (locale in ('en', 'ar'))`);
  }
}
