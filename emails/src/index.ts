import { createElement, type ComponentProps, type ComponentType } from 'react';
import { render } from '@react-email/render';
import { RenderCache } from './render-cache.js';
import { TestEmail, testEmailSubject } from './templates/test.email.js';
import { VerificationCodeEmail, verificationCodeSubject } from './templates/verification-code.email.js';
import { PasswordResetEmail, passwordResetSubject } from './templates/password-reset.email.js';
import { WelcomeEmail, welcomeSubject } from './templates/welcome.email.js';
import { AdminSignupEmail, adminSignupSubject } from './templates/admin-signup.email.js';
import { ProjectReviewedEmail, projectReviewedSubject } from './templates/project-reviewed.email.js';
import { ApplicationSubmittedEmail, applicationSubmittedSubject } from './templates/application-submitted.email.js';
import { ApplicationStatusEmail, applicationStatusSubject } from './templates/application-status.email.js';
import { OnboardingCompleteEmail, onboardingCompleteSubject } from './templates/onboarding-complete.email.js';
import { ProjectSubmittedEmail, projectSubmittedSubject } from './templates/project-submitted.email.js';
import { ApplicationWithdrawnEmail, applicationWithdrawnSubject } from './templates/application-withdrawn.email.js';
import { CandidateInvitedEmail, candidateInvitedSubject } from './templates/candidate-invited.email.js';
import { EmailChangeCodeEmail, emailChangeCodeSubject } from './templates/email-change-code.email.js';
import { ProviderLinkCodeEmail, providerLinkCodeSubject } from './templates/provider-link-code.email.js';
import { EmailChangedEmail, emailChangedSubject } from './templates/email-changed.email.js';
import { DataExportReadyEmail, dataExportReadySubject } from './templates/data-export-ready.email.js';
import { ProjectClosedEmail, projectClosedSubject } from './templates/project-closed.email.js';
import { NewMessageEmail, newMessageSubject } from './templates/new-message.email.js';
import { ApplicationsClosedEmail, applicationsClosedSubject } from './templates/applications-closed.email.js';
import { ProjectNoticeEmail, projectNoticeSubject } from './templates/project-notice.email.js';
import { WaitingDigestEmail, waitingDigestSubject } from './templates/waiting-digest.email.js';
import { ApplicantsSummaryEmail, applicantsSummarySubject } from './templates/applicants-summary.email.js';
import { DeliverableSubmittedEmail, deliverableSubmittedSubject } from './templates/deliverable-submitted.email.js';
import { DeliverableReviewedEmail, deliverableReviewedSubject } from './templates/deliverable-reviewed.email.js';
import { MilestoneOverdueEmail, milestoneOverdueSubject } from './templates/milestone-overdue.email.js';
import { EngagementEndedEmail, engagementEndedSubject } from './templates/engagement-ended.email.js';
import { SearchDigestEmail, searchDigestSubject } from './templates/search-digest.email.js';

export interface TemplateProps {
  TestEmail: ComponentProps<typeof TestEmail>;
  VerificationCode: ComponentProps<typeof VerificationCodeEmail>;
  PasswordReset: ComponentProps<typeof PasswordResetEmail>;
  Welcome: ComponentProps<typeof WelcomeEmail>;
  AdminSignup: ComponentProps<typeof AdminSignupEmail>;
  OnboardingComplete: ComponentProps<typeof OnboardingCompleteEmail>;
  ProjectReviewed: ComponentProps<typeof ProjectReviewedEmail>;
  ApplicationSubmitted: ComponentProps<typeof ApplicationSubmittedEmail>;
  ApplicationStatus: ComponentProps<typeof ApplicationStatusEmail>;
  CandidateInvited: ComponentProps<typeof CandidateInvitedEmail>;
  ProjectSubmitted: ComponentProps<typeof ProjectSubmittedEmail>;
  ApplicationWithdrawn: ComponentProps<typeof ApplicationWithdrawnEmail>;
  NewMessage: ComponentProps<typeof NewMessageEmail>;
  ApplicationsClosed: ComponentProps<typeof ApplicationsClosedEmail>;
  ProjectNotice: ComponentProps<typeof ProjectNoticeEmail>;
  WaitingDigest: ComponentProps<typeof WaitingDigestEmail>;
  ApplicantsSummary: ComponentProps<typeof ApplicantsSummaryEmail>;
  DeliverableSubmitted: ComponentProps<typeof DeliverableSubmittedEmail>;
  DeliverableReviewed: ComponentProps<typeof DeliverableReviewedEmail>;
  MilestoneOverdue: ComponentProps<typeof MilestoneOverdueEmail>;
  EngagementEnded: ComponentProps<typeof EngagementEndedEmail>;
  SearchDigest: ComponentProps<typeof SearchDigestEmail>;
  EmailChangeCode: ComponentProps<typeof EmailChangeCodeEmail>;
  ProviderLinkCode: ComponentProps<typeof ProviderLinkCodeEmail>;
  EmailChanged: ComponentProps<typeof EmailChangedEmail>;
  DataExportReady: ComponentProps<typeof DataExportReadyEmail>;
  ProjectClosed: ComponentProps<typeof ProjectClosedEmail>;
}
export type TemplateName = keyof TemplateProps;

type Entry<N extends TemplateName> = {
  component: ComponentType<TemplateProps[N]>;
  subject: (p: TemplateProps[N]) => string;
  /** The string props the template branches on (not just prints): part of a cached shape's key (render-cache.ts). */
  structural?: readonly (keyof TemplateProps[N] & string)[];
};

/** Every template: its component, its subject line and the props it branches on, by name. */
const templates: { [N in TemplateName]: Entry<N> } = {
  TestEmail: { component: TestEmail, subject: testEmailSubject, structural: ['locale'] },
  VerificationCode: { component: VerificationCodeEmail, subject: verificationCodeSubject, structural: ['locale'] },
  PasswordReset: { component: PasswordResetEmail, subject: passwordResetSubject, structural: ['locale'] },
  Welcome: { component: WelcomeEmail, subject: welcomeSubject, structural: ['userType', 'locale'] },
  AdminSignup: { component: AdminSignupEmail, subject: adminSignupSubject, structural: ['userType', 'locale'] },
  OnboardingComplete: {
    component: OnboardingCompleteEmail,
    subject: onboardingCompleteSubject,
    structural: ['userType', 'locale'],
  },
  ProjectReviewed: { component: ProjectReviewedEmail, subject: projectReviewedSubject, structural: ['locale'] },
  ApplicationSubmitted: { component: ApplicationSubmittedEmail, subject: applicationSubmittedSubject, structural: ['locale'] },
  ApplicationStatus: { component: ApplicationStatusEmail, subject: applicationStatusSubject, structural: ['status', 'locale'] },
  CandidateInvited: { component: CandidateInvitedEmail, subject: candidateInvitedSubject, structural: ['locale'] },
  ProjectSubmitted: { component: ProjectSubmittedEmail, subject: projectSubmittedSubject, structural: ['locale'] },
  ApplicationWithdrawn: { component: ApplicationWithdrawnEmail, subject: applicationWithdrawnSubject, structural: ['locale'] },
  NewMessage: { component: NewMessageEmail, subject: newMessageSubject, structural: ['locale'] },
  DeliverableSubmitted: { component: DeliverableSubmittedEmail, subject: deliverableSubmittedSubject, structural: ['locale'] },
  DeliverableReviewed: { component: DeliverableReviewedEmail, subject: deliverableReviewedSubject, structural: ['locale'] },
  MilestoneOverdue: { component: MilestoneOverdueEmail, subject: milestoneOverdueSubject, structural: ['side', 'locale'] },
  EngagementEnded: { component: EngagementEndedEmail, subject: engagementEndedSubject, structural: ['locale'] },
  SearchDigest: { component: SearchDigestEmail, subject: searchDigestSubject, structural: ['locale'] },
  ApplicationsClosed: {
    component: ApplicationsClosedEmail,
    subject: applicationsClosedSubject,
    structural: ['cause', 'locale'],
  },
  ProjectNotice: { component: ProjectNoticeEmail, subject: projectNoticeSubject, structural: ['kind', 'locale'] },
  WaitingDigest: { component: WaitingDigestEmail, subject: waitingDigestSubject, structural: ['locale'] },
  ApplicantsSummary: { component: ApplicantsSummaryEmail, subject: applicantsSummarySubject, structural: ['locale'] },
  EmailChangeCode: { component: EmailChangeCodeEmail, subject: emailChangeCodeSubject, structural: ['locale'] },
  ProviderLinkCode: { component: ProviderLinkCodeEmail, subject: providerLinkCodeSubject, structural: ['locale'] },
  EmailChanged: { component: EmailChangedEmail, subject: emailChangedSubject, structural: ['locale'] },
  DataExportReady: { component: DataExportReadyEmail, subject: dataExportReadySubject, structural: ['locale'] },
  ProjectClosed: { component: ProjectClosedEmail, subject: projectClosedSubject, structural: ['locale'] },
};

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const entry = <N extends TemplateName>(name: N) => templates[name] as Entry<N>;

/** Renders a template with React to HTML and plain text, every time (the reference the cache is checked against). */
export async function renderEmailFresh<N extends TemplateName>(name: N, props: TemplateProps[N]): Promise<RenderedEmail> {
  const t = entry(name);
  const element = createElement(t.component, props);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: t.subject(props), html, text };
}

const cache = new RenderCache(
  (name, props) => renderEmailFresh(name as TemplateName, props as never),
  (name) => entry(name as TemplateName).structural ?? [],
);

/** Renders a template to subject, HTML and plain text: the same bytes as `renderEmailFresh`, from a cached shape when it can. */
export async function renderEmail<N extends TemplateName>(name: N, props: TemplateProps[N]): Promise<RenderedEmail> {
  const { html, text } = await cache.render(name, props as unknown as Record<string, unknown>);
  return { subject: entry(name).subject(props), html, text };
}

/** Every template's `PreviewProps` (the preview server's sample data), by name: for tests. */
export const previewProps = Object.fromEntries(
  Object.entries(templates).map(([name, t]) => [name, (t.component as { PreviewProps?: unknown }).PreviewProps]),
) as { [N in TemplateName]: TemplateProps[N] };

/** How the render cache is doing (for tests and diagnostics). */
export const renderCacheStats = () => cache.stats();
/** Empties the render cache (tests). */
export const clearRenderCache = () => {
  cache.clear();
};
