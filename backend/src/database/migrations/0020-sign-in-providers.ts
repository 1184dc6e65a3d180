import { Migration } from '@mikro-orm/migrations';

export class Migration0020SignInProviders extends Migration {
  override up(): void {
    // Issue 29: Google and LinkedIn accounts linked to ours, one per provider per account. The
    // provider's subject is what names the person there (an email can change; `sub` never does).
    this.addSql(`
      create table user_identities (
        provider text not null check (provider in ('google', 'linkedin')),
        subject text not null,
        user_id uuid not null references users (id) on delete cascade,
        email text not null,
        created_at timestamptz not null default now(),
        primary key (provider, subject),
        unique (user_id, provider)
      )`);
    // A code mailed to an existing account proves it before a provider is linked to it.
    this.addSql(`alter table verification_codes drop constraint verification_codes_purpose_check`);
    this.addSql(`alter table verification_codes add constraint verification_codes_purpose_check
      check (purpose in ('verify', 'change', 'link'))`);
  }
}
