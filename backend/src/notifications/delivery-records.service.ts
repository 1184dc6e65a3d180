import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import type { EmailDeliverySchema } from './notifications.entities.js';

type DB = InferKyselyDB<typeof EmailDeliverySchema>;

/** The record of sent mail (`email_deliveries`): deduplication for the worker, erasure for the api. */
@Injectable()
export class DeliveryRecords {
  /** The worker's lookups and inserts: plain values, no MikroORM conversion, one fork (never in a transaction). */
  private readonly plain: Kysely<DB>;

  constructor(private readonly orm: MikroORM) {
    this.plain = orm.em.fork().getKysely<DB>();
  }

  private db(em: EntityManager = this.orm.em.fork()) {
    return em.getKysely<DB>({ convertValues: true });
  }

  async wasSent(key: string) {
    return (
      (await this.plain.selectFrom('email_deliveries').select('job_key').where('job_key', '=', key).executeTakeFirst()) !==
      undefined
    );
  }

  async record(key: string, template: string, messageId: string) {
    await this.plain
      .insertInto('email_deliveries')
      .values({ job_key: key, template, message_id: messageId, sent_at: new Date() })
      .onConflict((oc) => oc.column('job_key').doNothing())
      .execute();
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
