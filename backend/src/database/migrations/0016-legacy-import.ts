import { Migration } from '@mikro-orm/migrations';

export class Migration0016LegacyImport extends Migration {
  override up(): void {
    // Issue 14: the older system's data. An imported account keeps its old password hash (Firebase's
    // modified scrypt, `firebase-scrypt$<salt>$<hash>`, base64) until its first sign-in rehashes it
    // with argon2id; `password_hash` holds a value no password matches until then.
    this.addSql(`alter table users add column legacy_password text null`);
    // Which record of the old export became which row here: a re-run skips what it finds.
    this.addSql(`
      create table legacy_ids (
        collection text not null,
        legacy_id text not null,
        new_id uuid not null,
        imported_at timestamptz not null default now(),
        primary key (collection, legacy_id)
      )`);
    this.addSql(`create index legacy_ids_new_idx on legacy_ids (new_id)`);
  }
}
