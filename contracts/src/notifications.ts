import { z } from 'zod';
import { IdParams, page, pageFields, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';

export const SendEmailBody = z.strictObject({
  type: z.enum(['signup', 'onboarding_complete', 'test']),
  userId: z.string().max(64).optional(),
  email: z
    .string()
    .trim()
    .max(254, 'too-long')
    .pipe(z.email({ message: 'invalid-email' })),
  fullName: z.string().trim().max(120).optional(),
});

export const TestEmailBody = z.strictObject({
  to: z.email({ message: 'invalid-email' }).max(254, 'too-long'),
  note: z.string().trim().max(500).optional(),
  simulateFailure: z.boolean().optional(),
});

/**
 * What the app tells a person (every event that also sends mail, whatever the email setting): its
 * kind and the facts it is worded from, in the reader's language, by the web app.
 */
export const INBOX_KINDS = [
  'application-status',
  'invited',
  'new-applicant',
  'applicant-withdrew',
  'project-reviewed',
  'project-submitted',
  'new-message',
  'applications-closed',
  'deadline-passed',
  'project-moderated',
  'applicants-waiting',
  'company-left',
  'milestone-set',
  'milestone-changed',
  'deliverable-submitted',
  'deliverable-reviewed',
  'milestone-overdue',
  'engagement-ended',
  'review-written',
  'search-match',
] as const;
export const InboxKind = z.enum(INBOX_KINDS);
export type InboxKind = z.output<typeof InboxKind>;

export const InboxItem = z.strictObject({
  id: z.uuid(),
  kind: InboxKind,
  projectId: z.uuid().optional(),
  projectTitle: z.string().optional(),
  /** application-status: the new status. */
  status: z.string().optional(),
  /**
   * project-reviewed: approved (true) or sent back (false); deliverable-reviewed: accepted (true) or
   * changes asked for (false); engagement-ended: completed (true) or ended early (false);
   * review-written: both reviews are in and shown (true), or the reader's is still to write (false).
   */
  approved: z.boolean().optional(),
  /** invited, project-submitted: the company. */
  companyName: z.string().optional(),
  /** new-applicant, applicant-withdrew: the student. */
  studentName: z.string().optional(),
  /** new-message: who wrote (a company's or a student's name); review-written: who reviewed the reader. */
  senderName: z.string().optional(),
  /** deadline-passed, applicants-waiting: how many applicants wait for an answer; project-submitted: how many projects the company submitted in this batch (the title is the latest). */
  count: z.number().int().optional(),
  /** milestone-set, deliverable-submitted, deliverable-reviewed: the workspace's milestone. */
  milestoneTitle: z.string().optional(),
  /** project-moderated: what an admin did (closed, reopened, edited) and why; milestone-changed: edited or removed; engagement-ended: why the company ended it early. */
  action: z.enum(['closed', 'reopened', 'edited', 'removed']).optional(),
  reason: z.string().optional(),
  read: z.boolean(),
  createdAt: Timestamp,
});
export type InboxItem = z.output<typeof InboxItem>;

/** The facts an entry is worded from (what a handler writes beside its mail): the item without its own fields. */
export const InboxFacts = InboxItem.omit({ id: true, kind: true, read: true, createdAt: true });
export type InboxFacts = z.output<typeof InboxFacts>;
/** Every fact's name. */
export const INBOX_FACTS = Object.keys(InboxFacts.shape) as (keyof InboxFacts)[];

/** Facts `R` required, facts `O` optional, no others. */
type Facts<R extends keyof InboxFacts, O extends keyof InboxFacts = never> = Required<Pick<InboxFacts, R>> & Pick<InboxFacts, O>;

/** Which facts each kind of entry is worded from, as a handler writes them. */
export interface InboxFactsByKind {
  'application-status': Facts<'projectTitle' | 'status', 'projectId'>;
  invited: Facts<'projectId' | 'projectTitle' | 'companyName'>;
  'new-applicant': Facts<'projectId' | 'projectTitle', 'studentName'>;
  'applicant-withdrew': Facts<'projectId' | 'projectTitle', 'studentName'>;
  'project-reviewed': Facts<'projectId' | 'projectTitle' | 'approved'>;
  'project-submitted': Facts<'projectId' | 'projectTitle' | 'companyName', 'count'>;
  'new-message': Facts<'projectTitle' | 'senderName', 'projectId'>;
  'applications-closed': Facts<'projectId' | 'projectTitle' | 'companyName', 'action'>;
  'deadline-passed': Facts<'projectId' | 'projectTitle' | 'count'>;
  'project-moderated': Facts<'projectId' | 'projectTitle' | 'action', 'reason'>;
  'applicants-waiting': Facts<'count'>;
  'company-left': Facts<'projectId' | 'projectTitle'>;
  'milestone-set': Facts<'projectId' | 'projectTitle' | 'milestoneTitle' | 'companyName'>;
  /** edited: the milestone as it now is. */
  'milestone-changed': Facts<'projectId' | 'projectTitle' | 'companyName' | 'action', 'milestoneTitle'>;
  'deliverable-submitted': Facts<'projectId' | 'projectTitle' | 'milestoneTitle', 'studentName'>;
  'deliverable-reviewed': Facts<'projectId' | 'projectTitle' | 'milestoneTitle' | 'companyName' | 'approved'>;
  /** To the student with the company's name, to the company with the student's. */
  'milestone-overdue': Facts<'projectId' | 'projectTitle' | 'milestoneTitle', 'companyName' | 'studentName'>;
  'engagement-ended': Facts<'projectId' | 'projectTitle' | 'companyName' | 'approved', 'reason'>;
  'review-written': Facts<'projectId' | 'projectTitle' | 'senderName' | 'approved'>;
  /** A newly approved project matches one of the student's saved searches. */
  'search-match': Facts<'projectId' | 'projectTitle' | 'companyName'>;
}
/** The facts of one kind of entry (a kind without its line above does not compile). */
export type InboxFactsOf<K extends InboxKind> = InboxFactsByKind[K];

export const Unread = z.strictObject({ unread: z.number().int() });
export const InboxPage = page(InboxItem).extend({ unread: z.number().int() });
export const InboxQuery = z.strictObject({ ...pageFields, unread: z.enum(['true']).optional() });

export const notifications = {
  inbox: endpoint({
    method: 'GET',
    path: '/notifications',
    tag: 'notifications',
    status: 200,
    query: InboxQuery,
    response: InboxPage,
    summary: 'Your notifications, newest first (`?unread=true`: only unread), with the unread count',
  }),
  unread: endpoint({
    method: 'GET',
    path: '/notifications/unread',
    tag: 'notifications',
    status: 200,
    response: Unread,
    summary: 'How many of your notifications are unread (the bell; the fallback when the stream is unavailable)',
  }),
  stream: endpoint({
    method: 'GET',
    path: '/notifications/stream',
    tag: 'notifications',
    status: 200,
    errors: { 503: ['busy'] },
    response: 'event-stream',
    summary:
      'Server-Sent Events: `unread` with `{ "unread": n }` at once and whenever your notifications change (in any tab or api process); a comment every 25 s keeps it open',
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/notifications/:id/read',
    tag: 'notifications',
    status: 200,
    errors: { 404: ['notification-not-found'] },
    params: IdParams,
    response: Unread,
    summary: 'Mark one of your notifications read',
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/notifications/read-all',
    tag: 'notifications',
    status: 200,
    response: Unread,
    summary: 'Mark all your notifications read',
  }),

  sendEmail: endpoint({
    method: 'POST',
    path: '/notifications-send-email',
    tag: 'notifications',
    status: 202,
    access: ['admin'],
    errors: { 429: ['too-many-requests'] },
    body: SendEmailBody,
    response: z.strictObject({ success: z.literal(true), message: z.string() }),
    summary: 'Send a test notification email (admins only; spec §7)',
  }),
  devTestEmail: endpoint({
    method: 'POST',
    path: '/dev/test-email',
    tag: 'dev',
    status: 202,
    access: 'public',
    body: TestEmailBody,
    response: z.strictObject({ eventId: z.uuid(), status: z.literal('queued') }),
    summary: 'Queue a test email (development only: DEV_TOOLS)',
  }),
};
