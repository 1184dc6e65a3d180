import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { renderEmail, type TemplateName, type TemplateProps } from '@mashrou/emails';
import { MailerService } from './mailer.service.js';

/**
 * Renders and sends one email for one job, at most once per job key: a job that already delivered
 * (a retry after a crash between send and ack, a replayed event) sends nothing.
 */
@Injectable()
export class EmailDeliveryService {
  constructor(
    private readonly orm: MikroORM,
    private readonly mailer: MailerService,
  ) {}

  async deliver<N extends TemplateName>(jobKey: string, to: string, template: N, props: TemplateProps[N]) {
    const em = this.orm.em.fork();
    const done = await em.execute<{ n: number }[]>('select 1 as n from email_deliveries where job_key = ?', [jobKey]);
    if (done.length > 0) return 'skipped' as const;
    const rendered = await renderEmail(template, props);
    const { messageId } = await this.mailer.send({ to, ...rendered });
    await em.execute(
      'insert into email_deliveries (job_key, template, message_id) values (?, ?, ?) on conflict (job_key) do nothing',
      [jobKey, template, messageId],
    );
    return 'done' as const;
  }
}
