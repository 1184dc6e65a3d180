import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import type { EmailDeliverySchema } from './mail.entities.js';

type DB = InferKyselyDB<typeof EmailDeliverySchema>;

interface Waiter<T> {
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}

interface PendingRecord extends Waiter<void> {
  key: string;
  template: string;
  messageId: string;
  sentAt: string;
}

/**
 * The record of sent mail (`email_deliveries`): deduplication for the worker, erasure for the api.
 *
 * The worker's sent-checks and records are gathered per turn of the event loop and go to
 * PostgreSQL as one statement (the records inserted, the checks answered): a worker runs dozens of
 * jobs at once, and one round trip (a socket write, a wake-up of PostgreSQL) per check and per
 * record was the largest cost left around a mail. Each caller still waits for its own answer: a
 * check resolves before its mail is sent, a record once its row is written (committed), and a
 * failed statement fails every caller in it (their jobs retry, as they did when one statement failed).
 */
@Injectable()
export class DeliveryRecords {
  /** The worker's lookups and inserts: plain values, no MikroORM conversion, one fork (never in a transaction). */
  private readonly plain: Kysely<DB>;
  private checks = new Map<string, Waiter<boolean>[]>();
  private records: PendingRecord[] = [];
  private scheduled = false;

  constructor(private readonly orm: MikroORM) {
    this.plain = orm.em.fork().getKysely<DB>();
  }

  private db(em: EntityManager = this.orm.em.fork()) {
    return em.getKysely<DB>({ convertValues: true });
  }

  /** Whether a mail was sent for this job (answered with the other checks and records of this turn). */
  wasSent(key: string): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      const waiting = this.checks.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.checks.set(key, [{ resolve, reject }]);
      this.schedule();
    });
  }

  /** Records a sent mail; resolves once the row is written (a record that exists already is kept). */
  record(key: string, template: string, messageId: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.records.push({ key, template, messageId, sentAt: new Date().toISOString(), resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    // after the I/O callbacks of this turn: every job that got this far in it joins the statement
    setImmediate(() => void this.flush());
  }

  private async flush() {
    this.scheduled = false;
    const checks = this.checks;
    const records = this.records;
    this.checks = new Map();
    this.records = [];
    const keys = [...checks.keys()];
    try {
      const sent = new Set<string>();
      const insert = sql`insert into email_deliveries (job_key, template, message_id, sent_at)
        select * from unnest(${records.map((r) => r.key)}::text[], ${records.map((r) => r.template)}::text[],
                             ${records.map((r) => r.messageId)}::text[], ${records.map((r) => r.sentAt)}::timestamptz[])
        on conflict (job_key) do nothing`;
      if (records.length && !keys.length) {
        await insert.execute(this.plain);
      } else {
        // the records' insert runs in the same statement; the checks read the rows from before it,
        // which is all they need (a job is checked before its own record is written)
        const r = await sql<{ job_key: string }>`
          with recorded as (${insert})
          select job_key from email_deliveries where job_key = any(${keys}::text[])`.execute(this.plain);
        for (const row of r.rows) sent.add(row.job_key);
      }
      for (const [key, waiting] of checks) for (const w of waiting) w.resolve(sent.has(key));
      for (const r of records) r.resolve();
    } catch (err) {
      for (const waiting of checks.values()) for (const w of waiting) w.reject(err);
      for (const r of records) r.reject(err);
    }
  }

  /** Erasure: the records of the person's erased events, and of mails sent to them as a recipient. */
  async erase(em: EntityManager, eventIds: string[], userId: string) {
    const db = this.db(em);
    if (eventIds.length)
      await db
        .deleteFrom('email_deliveries')
        .where(sql<string>`split_part(job_key, '.', 1)`, 'in', eventIds)
        .execute();
    await db.deleteFrom('email_deliveries').where('job_key', 'like', `%:${userId}`).execute();
  }
}
