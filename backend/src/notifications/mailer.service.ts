import { Readable } from 'node:stream';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import type MailMessage from 'nodemailer/lib/mailer/mail-message';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { composeMessage, type ComposedMessage } from './compose-message.js';

export interface OutgoingEmail {
  to: string;
  /** For the log: the template's name (never the subject, which may carry a name or a code). */
  template: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * The finished message as the pool reads it (`pool-resource.js`: the envelope, the id, a stream
 * of the bytes, `data` for DSN/abort options we do not use). nodemailer's `sendMail` would wrap
 * the bytes in a MailMessage and a MimeNode and run its plugin stages for every mail, only to
 * stream the same bytes out again.
 */
function poolEntry({ raw, messageId, envelope }: ComposedMessage) {
  return {
    data: {},
    message: {
      getEnvelope: () => ({ from: envelope.from, to: [...envelope.to] }),
      messageId: () => messageId,
      getHeader: (name: string) => (name.toLowerCase() === 'message-id' ? messageId : undefined),
      // A new stream per attempt: the pool may requeue a message nothing of which was read.
      createReadStream: () => Readable.from([raw], { objectMode: false }),
    },
  } as unknown as MailMessage<SMTPPool.SentMessageInfo>;
}

/** Pooled SMTP from SMTP_URL (its query holds the pool's options). It does not retry: retries are the queue's job. */
@Injectable()
export class MailerService implements OnApplicationShutdown {
  private readonly logger = new Logger(MailerService.name);
  private pool?: SMTPPool;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private getPool(): SMTPPool {
    this.pool ??= new SMTPPool(this.config.SMTP_URL);
    return this.pool;
  }

  /** The message is composed into one buffer (compose-message.ts) and handed to the pool as it is. */
  async send(mail: OutgoingEmail): Promise<{ messageId: string }> {
    const { template, ...message } = mail;
    const composed = composeMessage({ from: this.config.MAIL_FROM, ...message });
    const pool = this.getPool();
    await new Promise<void>((resolve, reject) => {
      pool.send(poolEntry(composed), (err) => {
        if (err) reject(err);
        else resolve();
      });
    });
    this.logger.log({ msg: 'email sent', messageId: composed.messageId, template });
    return { messageId: composed.messageId };
  }

  onApplicationShutdown() {
    this.pool?.close();
  }
}
