import { defineEntity, p } from '@mikro-orm/core';

/**
 * What the app tells a person (the bell): one row per event and recipient, written by the same
 * handler that sends the email, keyed like its delivery (`dedupeKey`), so a retried job adds nothing.
 * The facts it is worded from are in `data`; the words are the web app's, in the reader's language.
 */
export const InboxItemSchema = defineEntity({
  name: 'InboxItem',
  tableName: 'inbox_items',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    dedupeKey: p.string(),
    kind: p.string(),
    data: p.json<Record<string, string | number | boolean>>(),
    /** The other person it names (the applicant, the company); their name is removed when they are erased. */
    aboutUserId: p.uuid().nullable(),
    readAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});

export const NOTIFICATIONS_ENTITIES = [InboxItemSchema];
