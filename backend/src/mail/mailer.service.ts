import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { inClientSpan } from '../telemetry/spans.js';

export interface OutgoingEmail {
  to: string;
  /** For the log: the template's name (never the subject, which may carry a name or a code). */
  template: string;
  subject: string;
  html: string;
  text: string;
  /**
   * A notification's one-click unsubscribe address (RFC 8058): `List-Unsubscribe` with it, and
   * `List-Unsubscribe-Post`, so a mail client's Unsubscribe button turns this kind off with one POST.
   */
  unsubscribeUrl?: string;
  /** The Message-ID, when the sender fixes it (the same for every try of one delivery). */
  messageId?: string;
}

/**
 * One delivery's Message-ID: derived from its key, so a mail sent again after a crash (at least once:
 * the worker died between the SMTP server's acceptance and the record of it) carries the Message-ID
 * of its first try, and mailboxes that deduplicate on it (Gmail does) show it once. The key's hash,
 * never the key itself; the domain is MAIL_FROM's.
 */
export function deliveryMessageId(key: string, mailFrom: string) {
  const domain = /@([^\s>@]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'mashrou.local';
  return `<${createHash('sha256').update(key).digest('base64url').slice(0, 32)}@${domain}>`;
}

/** What the SMTP transports answer a sent mail with (the part we read). */
type Transport = Transporter<{ messageId: string }>;

/**
 * Every mail is an automatic one (RFC 3834): auto-responders and vacation replies leave it alone,
 * and mailbox providers weigh it as a notification rather than a person's mail.
 */
export const AUTO_SUBMITTED = { 'Auto-Submitted': 'auto-generated' } as const;

/**
 * The headers a DKIM signature covers: nodemailer's default list (RFC 4871 §5.5, List-Unsubscribe
 * included) plus List-Unsubscribe-Post, which RFC 8058 §4 wants signed too (a receiver may ignore an
 * unsigned one-click), and Auto-Submitted.
 */
export const DKIM_HEADERS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:' +
  'Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:' +
  'In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Subscribe:List-Post:List-Owner:List-Archive:' +
  'List-Unsubscribe-Post:Auto-Submitted';

/**
 * nodemailer's pooled SMTP transport from SMTP_URL (its query holds the pool's options: `maxConnections`,
 * `maxMessages`, …). nodemailer builds each message, and signs it with DKIM when the MAIL_DKIM_*
 * settings are there. It does not retry: retries are the queue's job.
 */
@Injectable()
export class MailerService implements OnApplicationShutdown {
  private readonly logger = new Logger(MailerService.name);
  private transport?: Transport;
  /** For the SMTP span: the server's host, never the URL (it may hold the password). */
  private readonly smtpHost: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.smtpHost = new URL(config.SMTP_URL).hostname;
  }

  private transporter(): Transport {
    if (!this.transport) {
      const url = new URL(this.config.SMTP_URL);
      url.searchParams.set('pool', 'true');
      const { MAIL_DKIM_DOMAIN: domainName, MAIL_DKIM_SELECTOR: keySelector, MAIL_DKIM_PRIVATE_KEY: privateKey } = this.config;
      // loadConfig has them all or none.
      const dkim =
        domainName && keySelector && privateKey
          ? { domainName, keySelector, privateKey, headerFieldNames: DKIM_HEADERS }
          : undefined;
      this.transport = nodemailer.createTransport({ url: url.toString(), ...(dkim && { dkim }) });
    }
    return this.transport;
  }

  async send(mail: OutgoingEmail): Promise<{ messageId: string }> {
    const { template, unsubscribeUrl, ...message } = mail;
    // Text parts in base64: what nodemailer already picks for an Arabic mail, and for an English one
    // it spares the quoted-printable scan and encoding — about 0.6 ms of worker CPU a mail, which keeps
    // one worker above 300 mails/s (docs/mail-performance.md). UTF-8 base64 text is not a spam signal
    // (SpamAssassin's MIME_BASE64_TEXT exempts UTF-8).
    const { messageId } = await inClientSpan(
      'smtp send',
      { 'mashrou.mail.template': template, 'server.address': this.smtpHost },
      () =>
        this.transporter().sendMail({
          from: this.config.MAIL_FROM,
          textEncoding: 'base64',
          headers: unsubscribeUrl ? { ...AUTO_SUBMITTED, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : AUTO_SUBMITTED,
          ...(unsubscribeUrl && { list: { unsubscribe: unsubscribeUrl } }),
          ...message,
        }),
    );
    this.logger.log({ msg: 'email sent', messageId, template });
    return { messageId };
  }

  onApplicationShutdown() {
    this.transport?.close();
  }
}
