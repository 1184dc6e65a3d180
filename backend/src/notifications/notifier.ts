import { Injectable } from '@nestjs/common';
import type { EmailKind, InboxFactsOf, InboxKind, Locale } from '@mashrou/contracts';
import type { TemplateName, TemplateProps } from '@mashrou/emails';
import type { HandlerResult } from '../events/event-handler.js';
import { EmailDeliveryService } from '../mail/index.js';
import { InboxService } from './inbox.service.js';

/** Who is told: the account, and what its email needs. */
export interface NoticeRecipient {
  id: string;
  email: string;
  fullName: string;
  locale: Locale;
  emailNotifications: boolean;
  /** The kinds of notification email turned off. */
  emailOff: readonly EmailKind[];
}

/** What a mail says beyond what comes from its recipient (their name, language and settings link). */
type MailProps<T extends TemplateName> = Omit<TemplateProps[T], 'fullName' | 'locale' | 'preferencesUrl'>;

/** One thing to tell a person: the entry in the app and the email, described once. */
export interface Notice<K extends InboxKind, T extends TemplateName> {
  /** In the app: the kind of entry and the facts it is worded from (typed per kind by the contract). */
  kind: K;
  facts: InboxFactsOf<K>;
  /** The other person it names (the applicant, the company): their name goes with their erasure. */
  about?: string | null;
  /** Seen already (a message read before its entry came): it does not count as unread. */
  read?: boolean;
  /** By email, unless the person turned notifications off; `null`: no email this time. */
  mail: T | null;
  props: MailProps<T>;
}

/**
 * Tells people what happened to them: in the app whatever their email setting, and by email
 * respecting it — both once per key, so a retried job repeats neither.
 */
@Injectable()
export class Notifier {
  constructor(
    readonly inbox: InboxService,
    private readonly delivery: EmailDeliveryService,
  ) {}

  /** A link into the web app. */
  url(path: string) {
    return this.delivery.url(path);
  }

  async tell<K extends InboxKind, T extends TemplateName>(
    key: string,
    to: NoticeRecipient,
    notice: Notice<K, T>,
  ): Promise<HandlerResult> {
    await this.inbox.add(key, to.id, notice.kind, notice.facts, notice.about, { read: notice.read });
    // Told, whether or not the email went (the person may have turned email off).
    if (notice.mail) await this.mail(key, to, notice.mail, notice.props);
    return 'done';
  }

  /** The email alone (to an address the person keeps notifications on for), with their name and language (`notify` adds its footer link). */
  mail<T extends TemplateName>(key: string, to: NoticeRecipient, template: T, props: MailProps<T>) {
    const full = { ...props, fullName: to.fullName, locale: to.locale };
    return this.delivery.notify(key, to, template, full as unknown as Omit<TemplateProps[T], 'preferencesUrl'>);
  }
}
