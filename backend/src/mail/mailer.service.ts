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
    if (!this.transport) {
      const url = new URL(this.config.SMTP_URL);
      url.searchParams.set('pool', 'true');
      this.transport = nodemailer.createTransport(url.toString());
    }
    return this.transport;
  }

  async send(mail: OutgoingEmail): Promise<{ messageId: string }> {
    const { template, ...message } = mail;
    // Text parts in base64: what nodemailer already picks for an Arabic mail, and for an English one
    // it spares the quoted-printable scan and encoding — about 0.6 ms of worker CPU a mail, which keeps
    // one worker above 300 mails/s (docs/mail-performance.md). UTF-8 base64 text is not a spam signal
    // (SpamAssassin's MIME_BASE64_TEXT exempts UTF-8).
    const { messageId } = await this.transporter().sendMail({ from: this.config.MAIL_FROM, textEncoding: 'base64', ...message });
    this.logger.log({ msg: 'email sent', messageId, template });
    return { messageId };
  }

  onApplicationShutdown() {
    this.transport?.close();
  }
}
