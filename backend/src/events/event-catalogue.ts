import type { ApplicationStatus } from '@mashrou/contracts';
/**
 * The typed catalogue of domain events (DESIGN §3): one map from name to payload. Payloads carry
 * ids, never secrets (codes, tokens, passwords): a job that needs one reads or regenerates it.
 */
export interface EventMap {
  UserSignedUp: { userId: string };
  EmailVerificationRequested: { userId: string };
  EmailVerified: { userId: string };
  PasswordResetRequested: { userId: string };
  /** A code to the account's pending new address (read from the account when sent). */
  EmailChangeRequested: { userId: string };
  /** A code to the account a Google or LinkedIn sign-in waits to be linked to (its owner's proof). */
  ProviderLinkRequested: { userId: string; provider: 'google' | 'linkedin' };
  /** The account moved to a new address; the old one (`previousEmail`) is told. */
  EmailChanged: { userId: string; previousEmail: string };
  /** A data export was built: its owner gets the link (the token is made when the mail is sent). */
  DataExportReady: { userId: string; exportId: string };
  OnboardingCompleted: { userId: string };
  AssessmentCompleted: { userId: string };
  ProjectSubmitted: { projectId: string };
  ProjectReviewed: { projectId: string };
  /** A project closed because its company's account was deleted: the students still waiting are told. */
  ProjectClosed: { projectId: string };
  ApplicationSubmitted: { applicationId: string };
  /** `status`: the status it changed to (the application may have moved on by the time it is handled). */
  ApplicationStatusChanged: { applicationId: string; status?: ApplicationStatus };
  ApplicationWithdrawn: { applicationId: string };
  CandidateInvited: { invitationId: string };
  MessageSent: { messageId: string };
  /** A company set a milestone in an accepted application's workspace: its student is told in the app. */
  MilestoneSet: { milestoneId: string };
  /** A company changed a milestone (`milestoneId`) or removed one: its student is told in the app. */
  MilestoneChanged: { applicationId: string; action: 'edited' | 'removed'; milestoneId?: string };
  /** A student handed in a milestone: the company is told. */
  DeliverableSubmitted: { deliverableId: string };
  /** A company accepted a hand-in or asked for changes: the student is told. */
  DeliverableReviewed: { deliverableId: string };
  /** A milestone passed its day with the student's work still due: both sides are reminded, once. */
  MilestoneOverdue: { milestoneId: string };
  /** A student's daily email of the new projects matching their saved searches (`claim`: the run that claimed its alerts). */
  SearchDigestDue: { userId: string; claim: string };
  /** A company marked an engagement complete or ended it early (the reason is read when handled): the student is told. */
  EngagementEnded: { applicationId: string };
  /** One side reviewed the other after the end: the other side is told (to write theirs, or that both now show). */
  ReviewWritten: { reviewId: string };
  /** The deadline job closed an open project whose last day to apply had passed. */
  ProjectDeadlinePassed: { projectId: string };
  /**
   * An admin closed or reopened a project, or corrected its listing (`fields`: which). The reason is
   * the project's `moderation_reason`, read when handled (payloads carry no free text).
   */
  ProjectModerated: { projectId: string; action: 'closed' | 'reopened' | 'edited'; fields?: string[] };
  /**
   * Once a week per company with applicants waiting more than 7 days (`week`: its Monday,
   * YYYY-MM-DD; `before`: the instant an application must predate to count as waiting).
   */
  CompanyDigestDue: { userId: string; week: string; before: string };
  /**
   * An email asked for by a caller (spec §7 POST /api/notifications-send-email, the test pages,
   * dev tools): `kind` picks the template; the recipient is already authorised.
   */
  TestEmailRequested: {
    to: string;
    kind?: 'test' | 'signup' | 'onboarding_complete';
    fullName?: string;
    note?: string;
    simulateFailure?: boolean;
  };
}

export type EventName = keyof EventMap;

/** An event as stored in the outbox and handed to handlers. */
export interface PublishedEvent<N extends EventName = EventName> {
  id: string;
  name: N;
  payload: EventMap[N];
  occurredAt: string;
}

/** Base for the immutable, past-tense event classes. */
function domainEvent<N extends EventName>(name: N) {
  return class {
    static readonly eventName: N = name;
    readonly name: N = name;
    readonly payload: Readonly<EventMap[N]>;
    constructor(payload: EventMap[N]) {
      this.payload = Object.freeze({ ...payload });
      Object.freeze(this);
    }
  };
}

export type DomainEvent = { readonly name: EventName; readonly payload: Readonly<EventMap[EventName]> };

export class UserSignedUp extends domainEvent('UserSignedUp') {}
export class EmailVerificationRequested extends domainEvent('EmailVerificationRequested') {}
export class EmailVerified extends domainEvent('EmailVerified') {}
export class PasswordResetRequested extends domainEvent('PasswordResetRequested') {}
export class EmailChangeRequested extends domainEvent('EmailChangeRequested') {}
export class ProviderLinkRequested extends domainEvent('ProviderLinkRequested') {}
export class EmailChanged extends domainEvent('EmailChanged') {}
export class DataExportReady extends domainEvent('DataExportReady') {}
export class OnboardingCompleted extends domainEvent('OnboardingCompleted') {}
export class AssessmentCompleted extends domainEvent('AssessmentCompleted') {}
export class ProjectSubmitted extends domainEvent('ProjectSubmitted') {}
export class ProjectReviewed extends domainEvent('ProjectReviewed') {}
export class ProjectClosed extends domainEvent('ProjectClosed') {}
export class ApplicationSubmitted extends domainEvent('ApplicationSubmitted') {}
export class ApplicationStatusChanged extends domainEvent('ApplicationStatusChanged') {}
export class ApplicationWithdrawn extends domainEvent('ApplicationWithdrawn') {}
export class CandidateInvited extends domainEvent('CandidateInvited') {}
export class MessageSent extends domainEvent('MessageSent') {}
export class MilestoneSet extends domainEvent('MilestoneSet') {}
export class MilestoneChanged extends domainEvent('MilestoneChanged') {}
export class DeliverableSubmitted extends domainEvent('DeliverableSubmitted') {}
export class DeliverableReviewed extends domainEvent('DeliverableReviewed') {}
export class MilestoneOverdue extends domainEvent('MilestoneOverdue') {}
export class EngagementEnded extends domainEvent('EngagementEnded') {}
export class SearchDigestDue extends domainEvent('SearchDigestDue') {}
export class ReviewWritten extends domainEvent('ReviewWritten') {}
export class ProjectDeadlinePassed extends domainEvent('ProjectDeadlinePassed') {}
export class ProjectModerated extends domainEvent('ProjectModerated') {}
export class CompanyDigestDue extends domainEvent('CompanyDigestDue') {}
export class TestEmailRequested extends domainEvent('TestEmailRequested') {}
