import { createElement, type ComponentType, type ReactElement } from 'react';
import { render } from '@react-email/render';
import { RenderCache } from './render-cache.js';
import type { Locale } from './i18n/index.js';
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

interface Template<P> {
  component: ComponentType<P>;
  subject: (props: P) => string;
  /** The string props the template branches on (not just prints): part of a cached shape's key (render-cache.ts). */
  structural: readonly string[];
}

/** A template: its component, its subject line and the string props it branches on besides `locale` (always one). */
const template = <P extends { locale?: Locale }>(
  component: (props: P) => ReactElement,
  subject: (props: NoInfer<P>) => string,
  structural: readonly (keyof NoInfer<P> & string)[] = [],
): Template<P> => ({ component, subject, structural: [...structural, 'locale'] });

/** Every template, by name. */
const templates = {
  TestEmail: template(TestEmail, testEmailSubject),
  VerificationCode: template(VerificationCodeEmail, verificationCodeSubject),
  PasswordReset: template(PasswordResetEmail, passwordResetSubject),
  Welcome: template(WelcomeEmail, welcomeSubject, ['userType']),
  AdminSignup: template(AdminSignupEmail, adminSignupSubject, ['userType']),
  OnboardingComplete: template(OnboardingCompleteEmail, onboardingCompleteSubject, ['userType']),
  ProjectReviewed: template(ProjectReviewedEmail, projectReviewedSubject),
  ApplicationSubmitted: template(ApplicationSubmittedEmail, applicationSubmittedSubject),
  ApplicationStatus: template(ApplicationStatusEmail, applicationStatusSubject, ['status']),
  CandidateInvited: template(CandidateInvitedEmail, candidateInvitedSubject),
  ProjectSubmitted: template(ProjectSubmittedEmail, projectSubmittedSubject),
  ApplicationWithdrawn: template(ApplicationWithdrawnEmail, applicationWithdrawnSubject),
  NewMessage: template(NewMessageEmail, newMessageSubject),
  DeliverableSubmitted: template(DeliverableSubmittedEmail, deliverableSubmittedSubject),
  DeliverableReviewed: template(DeliverableReviewedEmail, deliverableReviewedSubject),
  MilestoneOverdue: template(MilestoneOverdueEmail, milestoneOverdueSubject, ['side']),
  EngagementEnded: template(EngagementEndedEmail, engagementEndedSubject),
  SearchDigest: template(SearchDigestEmail, searchDigestSubject),
  ApplicationsClosed: template(ApplicationsClosedEmail, applicationsClosedSubject, ['cause']),
  ProjectNotice: template(ProjectNoticeEmail, projectNoticeSubject, ['kind']),
  WaitingDigest: template(WaitingDigestEmail, waitingDigestSubject),
  ApplicantsSummary: template(ApplicantsSummaryEmail, applicantsSummarySubject),
  EmailChangeCode: template(EmailChangeCodeEmail, emailChangeCodeSubject),
  ProviderLinkCode: template(ProviderLinkCodeEmail, providerLinkCodeSubject),
  EmailChanged: template(EmailChangedEmail, emailChangedSubject),
  DataExportReady: template(DataExportReadyEmail, dataExportReadySubject),
  ProjectClosed: template(ProjectClosedEmail, projectClosedSubject),
};

export type TemplateName = keyof typeof templates;
type PropsByName = { [N in TemplateName]: (typeof templates)[N] extends Template<infer P> ? P : never };
/** Every template's props, by name: read from its component. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that `TemplateProps[N]` with a generic N is still one of the props
export interface TemplateProps extends PropsByName {}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const entry = <N extends TemplateName>(name: N) => templates[name] as Template<TemplateProps[N]>;

/** Renders a template with React to HTML and plain text, every time (the reference the cache is checked against). */
export async function renderEmailFresh<N extends TemplateName>(name: N, props: TemplateProps[N]): Promise<RenderedEmail> {
  const t = entry(name);
  const element = createElement(t.component, props);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: t.subject(props), html, text };
}

const cache = new RenderCache(
  (name, props) => renderEmailFresh(name as TemplateName, props as never),
  (name) => entry(name as TemplateName).structural,
);

/** Renders a template to subject, HTML and plain text: the same bytes as `renderEmailFresh`, from a cached shape when it can. */
export async function renderEmail<N extends TemplateName>(name: N, props: TemplateProps[N]): Promise<RenderedEmail> {
  const { html, text } = await cache.render(name, props as unknown as Record<string, unknown>);
  return { subject: entry(name).subject(props), html, text };
}

/** Every template's `PreviewProps` (the preview server's sample data), by name: for tests. */
export const previewProps = Object.fromEntries(
  Object.entries(templates).map(([name, t]) => [name, (t.component as { PreviewProps?: unknown }).PreviewProps]),
) as TemplateProps;

/** How the render cache is doing (for tests and diagnostics). */
export const renderCacheStats = () => cache.stats();
/** Empties the render cache (tests). */
export const clearRenderCache = () => {
  cache.clear();
};
