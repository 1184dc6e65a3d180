import type { TemplateName } from '@mashrou/emails';
import type { UnsubscribeKind } from '../common/unsubscribe-token.js';

/**
 * The kind of each notification email, as people turn them off in Settings or with a mail's
 * unsubscribe link. The rest (Welcome, onboarding, an admin's signup notice) only follow the switch
 * for all notification email. Codes, reset links, security notices, an export one asked for and the
 * operator's test mail are not notifications: they never carry an unsubscribe link.
 */
export const EMAIL_KIND_OF: Partial<Record<TemplateName, UnsubscribeKind>> = {
  ApplicationSubmitted: 'applications',
  ApplicantsSummary: 'applications',
  ApplicationWithdrawn: 'applications',
  ApplicationStatus: 'applications',
  NewMessage: 'messages',
  DeliverableSubmitted: 'applications',
  DeliverableReviewed: 'applications',
  MilestoneOverdue: 'applications',
  EngagementEnded: 'applications',
  SearchDigest: 'projectNews',
  WaitingDigest: 'digests',
  ProjectReviewed: 'projectNews',
  ProjectSubmitted: 'projectNews',
  ProjectClosed: 'projectNews',
  ProjectNotice: 'projectNews',
  ApplicationsClosed: 'projectNews',
  CandidateInvited: 'projectNews',
};

export const emailKindOf = (template: TemplateName): UnsubscribeKind => EMAIL_KIND_OF[template] ?? 'all';
