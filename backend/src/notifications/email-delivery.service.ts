import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { renderEmail, type TemplateName, type TemplateProps } from '@mashrou/emails';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { MailerService } from './mailer.service.js';

type Props<N extends TemplateName> = TemplateProps[N] | (() => Promise<TemplateProps[N]>);

/**
 * Renders and sends one email per delivery key, at most once: a job that already delivered (a
 * retry after a crash between send and ack, a replayed event) sends nothing. Props may be a
 * function, so a secret (a code, a reset token) is only created when the email really goes out.
 */
@Injectable()
export class EmailDeliveryService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly mailer: MailerService,
  ) {}

  /** Links in emails point at the web app. */
  url(path: string) {
    return new URL(path, this.config.WEB_ORIGIN).toString();
  }

  /** The links every notification carries: the dashboard, and where to turn notifications off. */
  links() {
    return { dashboardUrl: this.url('/dashboard'), preferencesUrl: this.url('/dashboard/settings') };
  }

  /** A notification (not transactional mail): skipped when the user turned emailNotifications off. */
  async notify<N extends TemplateName>(
    key: string,
    user: { email: string; emailNotifications: boolean } | null | undefined,
    template: N,
    props: Props<N>,
  ) {
    if (!user || !user.emailNotifications) return 'skipped' as const;
    return this.deliver(key, user.email, template, props);
  }

  async deliver<N extends TemplateName>(key: string, to: string, template: N, props: Props<N>) {
    const em = this.orm.em.fork();
    const done = await em.execute<{ n: number }[]>('select 1 as n from email_deliveries where job_key = ?', [key]);
    if (done.length > 0) return 'skipped' as const;
    const resolved = typeof props === 'function' ? await (props as () => Promise<TemplateProps[N]>)() : props;
    const rendered = await renderEmail(template, resolved);
    const { messageId } = await this.mailer.send({ to, ...rendered });
    await em.execute(
      'insert into email_deliveries (job_key, template, message_id) values (?, ?, ?) on conflict (job_key) do nothing',
      [key, template, messageId],
    );
    return 'done' as const;
  }
}
