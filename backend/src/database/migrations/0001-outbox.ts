import { Migration } from '@mikro-orm/migrations';

export class Migration0001Outbox extends Migration {
  override up(): void {
    this.addSql(`
      create table outbox_events (
        id uuid primary key,
        name text not null,
        payload jsonb not null,
        occurred_at timestamptz not null default now(),
        dispatched_at timestamptz null
      )`);
    this.addSql(`create index outbox_events_pending_idx on outbox_events (occurred_at) where dispatched_at is null`);
    // Wakes the relay at commit time; the relay also polls slowly in case a notification is missed.
    this.addSql(`
      create function outbox_events_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('outbox_events', '');
        return null;
      end $$`);
    this.addSql(`
      create trigger outbox_events_notify after insert on outbox_events
      for each statement execute function outbox_events_notify()`);
    // One row per email actually handed to SMTP, keyed by the job that sent it: a replayed job sends nothing.
    this.addSql(`
      create table email_deliveries (
        job_key text primary key,
        template text not null,
        message_id text null,
        sent_at timestamptz not null default now()
      )`);
  }
}
