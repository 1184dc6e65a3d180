import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

export interface OutgoingEmail {
  to: string;
  /** For the log: the template's name (never the subject, which may carry a name or a code). */
  template: string;
  subject: string;
  html: string;
  text: string;
}

/** Pooled SMTP from SMTP_URL. It does not retry: retries are the queue's job. */
@Injectable()
export class MailerService implements OnApplicationShutdown {
  private readonly logger = new Logger(MailerService.name);
  private transport?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private getTransport(): Transporter {
    if (!this.transport) {
      const url = new URL(this.config.SMTP_URL);
      url.searchParams.set('pool', 'true');
      this.transport = nodemailer.createTransport(url.toString());
    }
    return this.transport;
  }

  async send(mail: OutgoingEmail): Promise<{ messageId: string }> {
    const { template, ...message } = mail;
    const info = await this.getTransport().sendMail({ from: this.config.MAIL_FROM, ...message });
    this.logger.log({ msg: 'email sent', messageId: info.messageId, template });
    return { messageId: info.messageId };
  }

  onApplicationShutdown() {
    this.transport?.close();
  }
}
