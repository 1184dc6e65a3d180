import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { composeMessage } from './compose-message.js';

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

  /** The message is composed into one buffer (compose-message.ts) and handed to the pool as it is. */
  async send(mail: OutgoingEmail): Promise<{ messageId: string }> {
    const { template, ...message } = mail;
    const { raw, messageId, envelope } = composeMessage({ from: this.config.MAIL_FROM, ...message });
    await this.getTransport().sendMail({ envelope, raw });
    this.logger.log({ msg: 'email sent', messageId, template });
    return { messageId };
  }

  onApplicationShutdown() {
    this.transport?.close();
  }
}
