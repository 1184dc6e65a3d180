import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EmailKind } from '@mashrou/contracts';
import { renderEmail, type TemplateName, type TemplateProps } from '@mashrou/emails';
import { RunAgainAt } from '../events/event-handler.js';
import { unsubscribeToken, type UnsubscribeKind } from '../common/unsubscribe-token.js';
import { emailKindOf } from './email-kinds.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { RateLimitService, type Verdict } from '../rate-limit/rate-limit.service.js';
import { MailerService, deliveryMessageId } from './mailer.service.js';
import { DeliveryRecords } from './delivery-records.service.js';
import { Metrics } from '../metrics/metrics.js';

type Props<N extends TemplateName> = TemplateProps[N] | (() => Promise<TemplateProps[N]>);
/** A notification's props: its footer link (`preferencesUrl`) is always the unsubscribe page, set by `notify`. */
type NotificationProps<N extends TemplateName> =
  Omit<TemplateProps[N], 'preferencesUrl'> | (() => Promise<Omit<TemplateProps[N], 'preferencesUrl'>>);

/**
 * Mails asked for by someone right now (a code, a reset link). They have an allowance of their own
 * per mailbox, so no flood of notifications can crowd them out; past it they are dropped (late,
 * they are useless, and a new one can be asked for).
 */
const SECURITY_MAIL: ReadonlySet<TemplateName> = new Set([
  'VerificationCode',
  'PasswordReset',
  'EmailChangeCode',
  'ProviderLinkCode',
  'EmailChanged',
]);
export const SECURITY_MAILS_PER_ADDRESS_PER_HOUR = 10;
/** Waits between tries to record a sent mail while the database is away (about 15 s in all). */
const RECORD_RETRIES_MS = [250, 500, 1000, 2000, 4000, 8000];

/**
 * The address has had MAILS_PER_ADDRESS_PER_HOUR mails this hour: this one waits for the next (with
 * up to 30 s of jitter, so the waiting mails do not all come back at once).
 */
export class MailCapReached extends RunAgainAt {
  constructor(retryAfterSeconds: number) {
    super(
      Date.now() + retryAfterSeconds * 1000 + Math.floor(Math.random() * 30_000),
      `hourly mail cap for this address reached; retry in ${retryAfterSeconds} s`,
      false,
      // A notification kept waiting a whole day by a flood is stale.
      24 * 60 * 60_000,
    );
    this.name = 'MailCapReached';
  }
}

/**
 * Renders and sends one email per delivery key: a job whose mail is recorded as sent (a retry, a
 * replayed event) sends nothing. The record follows the send, so only a crash (or a failed record)
 * between the two sends it again — at least once, never lost. Props may be a function, so a secret
 * (a code, a reset token) is only created when the email really goes out.
 */
@Injectable()
export class EmailDeliveryService {
  private readonly logger = new Logger(EmailDeliveryService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly records: DeliveryRecords,
    private readonly mailer: MailerService,
    private readonly limits: RateLimitService,
    private readonly metrics: Metrics,
  ) {}

  /** Links in emails point at the web app. */
  url(path: string) {
    return new URL(path, this.config.WEB_ORIGIN).toString();
  }

  /** The links of a mail that is not a notification (the test mail): the dashboard, and Settings. */
  links() {
    return { dashboardUrl: this.url('/dashboard'), preferencesUrl: this.url('/dashboard/settings') };
  }

  /**
   * Where a notification of `kind` to `userId` is turned off: the web app's page (the mail's
   * footer link: a click there confirms, so a link scanner opening it changes nothing) and the api's
   * one-click address (the mail's List-Unsubscribe).
   */
  unsubscribeLinks(userId: string, kind: UnsubscribeKind) {
    const token = encodeURIComponent(unsubscribeToken(this.config.appSecret, userId, kind));
    return { page: this.url(`/unsubscribe?token=${token}`), oneClick: this.url(`/api/unsubscribe?token=${token}`) };
  }

  /**
   * A notification (not transactional mail): skipped when the user turned notification email off,
   * all of it or this kind; it carries its unsubscribe links (the footer's is its `preferencesUrl`).
   */
  async notify<N extends TemplateName>(
    key: string,
    user: { id: string; email: string; emailNotifications: boolean; emailOff: readonly EmailKind[] } | null | undefined,
    template: N,
    props: NotificationProps<N>,
  ) {
    if (!user || !user.emailNotifications) return 'skipped' as const;
    const kind = emailKindOf(template);
    if (kind !== 'all' && user.emailOff.includes(kind)) return 'skipped' as const;
    const links = this.unsubscribeLinks(user.id, kind);
    // The footer's link leads to the unsubscribe page of this kind (and from there to Settings).
    const withFooter = async () =>
      ({ ...(typeof props === 'function' ? await props() : props), preferencesUrl: links.page }) as TemplateProps[N];
    return this.deliver(key, user.email, template, withFooter, links.oneClick);
  }

  /**
   * Sends one email once per `key` (see above), within the mailbox's hourly allowance (however many
   * flows and `+tag` aliases aim at one inbox): notifications get MAILS_PER_ADDRESS_PER_HOUR and
   * past it wait for the next hour (MailCapReached; the job is delayed); codes and reset links get
   * SECURITY_MAILS_PER_ADDRESS_PER_HOUR of their own and past it are dropped.
   */
  async deliver<N extends TemplateName>(key: string, to: string, template: N, props: Props<N>, unsubscribeUrl?: string) {
    if (await this.records.wasSent(key)) return 'skipped' as const;
    const security = SECURITY_MAIL.has(template);
    const mailbox = this.limits.address(to);
    // The notice to an account's old address carries its way back: never capped, so a flood of
    // codes sent to that mailbox first cannot have it dropped (it follows a confirmed email change,
    // itself within the code budgets).
    const cap = template === 'EmailChanged' ? undefined : security ? `mail-security:${mailbox}` : `mail:${mailbox}`;
    const max = security ? SECURITY_MAILS_PER_ADDRESS_PER_HOUR : this.config.MAILS_PER_ADDRESS_PER_HOUR;
    const verdict: Verdict = cap ? await this.limits.consume({ key: cap, max, windowS: 3600 }) : { ok: true };
    if (!verdict.ok) {
      this.metrics.mail(template, security ? 'dropped' : 'deferred');
      if (!security) throw new MailCapReached(verdict.retryAfterS);
      this.logger.warn({ msg: 'email dropped: hourly allowance of its mailbox reached', template, job: key });
      return 'skipped' as const;
    }
    let messageId: string;
    try {
      const resolved = typeof props === 'function' ? await props() : props;
      const rendered = await renderEmail(template, resolved);
      ({ messageId } = await this.mailer.send({
        to,
        template,
        ...rendered,
        messageId: deliveryMessageId(key, this.config.MAIL_FROM),
        ...(unsubscribeUrl && { unsubscribeUrl }),
      }));
    } catch (err) {
      // Not sent: the attempt does not count against the address (the job will retry).
      this.metrics.mail(template, 'failed');
      if (cap) await this.limits.refund(cap);
      throw err;
    }
    this.metrics.mail(template, 'sent');
    await this.recordSent(key, template, messageId);
    return 'done' as const;
  }

  /**
   * The mail is out: its record must be written, or a retry of the job sends it again. A database
   * that is briefly away (a restart, a failover) is waited for, about 15 s in all, before the job
   * fails and the mail may go out a second time (with the same Message-ID).
   */
  private async recordSent(key: string, template: string, messageId: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.records.record(key, template, messageId);
        return;
      } catch (err) {
        if (attempt >= RECORD_RETRIES_MS.length) throw err;
        this.logger.warn({ msg: 'email sent but not recorded yet; retrying', template, job: key, err: (err as Error).message });
        await sleep(RECORD_RETRIES_MS[attempt]);
      }
    }
  }
}
