import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';

/**
 * `email_deliveries`: one row per email handed to SMTP, keyed by the job that sent it
 * (`<eventId>.<handler>`, plus `:<recipient id>` when one job mails several people), so a retried
 * or replayed job never sends twice. It holds no address and no content.
 */
@Injectable()
export class DeliveryRecords {
  constructor(private readonly orm: MikroORM) {}

  async wasSent(key: string) {
    return (await this.orm.em.fork().execute('select 1 from email_deliveries where job_key = ?', [key])).length > 0;
  }

  async record(key: string, template: string, messageId: string) {
    await this.orm.em
      .fork()
      .execute('insert into email_deliveries (job_key, template, message_id) values (?, ?, ?) on conflict (job_key) do nothing', [
        key,
        template,
        messageId,
      ]);
  }

  /** Erasure: the records of the person's erased events, and of mails sent to them as a recipient. */
  async erase(em: EntityManager, eventIds: string[], userId: string) {
    if (eventIds.length) await em.execute(`delete from email_deliveries where split_part(job_key, '.', 1) in (?)`, [eventIds]);
    await em.execute(`delete from email_deliveries where job_key like ?`, [`%:${userId}`]);
  }
}
