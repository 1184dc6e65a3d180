import { defineEntity, p } from '@mikro-orm/core';

/**
 * One row per email handed to SMTP, keyed by the job that sent it (`<eventId>.<handler>`, plus
 * `:<recipient id>` when one job mails several people): a retried or replayed job sends nothing.
 * It holds no address and no content.
 */
export const EmailDeliverySchema = defineEntity({
  name: 'EmailDelivery',
  tableName: 'email_deliveries',
  properties: {
    jobKey: p.string().primary(),
    template: p.string(),
    messageId: p.string().nullable(),
    sentAt: p.datetime(),
  },
});

export const MAIL_ENTITIES = [EmailDeliverySchema];
