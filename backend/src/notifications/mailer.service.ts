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

/** What the SMTP transports answer a sent mail with (the part we read). */
type Transport = Transporter<{ messageId: string }>;

/**
 * nodemailer's pooled SMTP transport from SMTP_URL (its query holds the pool's options: `maxConnections`,
 * `maxMessages`, …). nodemailer builds each message. It does not retry: retries are the queue's job.
 */
@Injectable()
export class MailerService implements OnApplicationShutdown {
  private readonly logger = new Logger(MailerService.name);
  private transport?: Transport;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private transporter(): Transport {
    const url = new URL(this.config.SMTP_URL);
    url.searchParams.set('pool', 'true');
    this.transport ??= nodemailer.createTransport(url.toString()) as Transport;
    return this.transport;
  }

  async send(mail: OutgoingEmail): Promise<{ messageId: string }> {
    const { template, ...message } = mail;
    const { messageId } = await this.transporter().sendMail({ from: this.config.MAIL_FROM, ...message });
    this.logger.log({ msg: 'email sent', messageId, template });
    return { messageId };
  }

  onApplicationShutdown() {
    this.transport?.close();
  }
}
