import { createElement, type ComponentType } from 'react';
import { render } from '@react-email/render';
import { TestEmail, testEmailSubject, type TestEmailProps } from './templates/test.email.js';
import {
  VerificationCodeEmail,
  verificationCodeSubject,
  type VerificationCodeEmailProps,
} from './templates/verification-code.email.js';
import { PasswordResetEmail, passwordResetSubject, type PasswordResetEmailProps } from './templates/password-reset.email.js';
import { WelcomeEmail, welcomeSubject, type WelcomeEmailProps } from './templates/welcome.email.js';
import { AdminSignupEmail, adminSignupSubject, type AdminSignupEmailProps } from './templates/admin-signup.email.js';
import {
  ProjectReviewedEmail,
  projectReviewedSubject,
  type ProjectReviewedEmailProps,
} from './templates/project-reviewed.email.js';
import {
  ApplicationSubmittedEmail,
  applicationSubmittedSubject,
  type ApplicationSubmittedEmailProps,
} from './templates/application-submitted.email.js';
import {
  ApplicationStatusEmail,
  applicationStatusSubject,
  type ApplicationStatusEmailProps,
} from './templates/application-status.email.js';
import {
  OnboardingCompleteEmail,
  onboardingCompleteSubject,
  type OnboardingCompleteEmailProps,
} from './templates/onboarding-complete.email.js';
import {
  CandidateInvitedEmail,
  candidateInvitedSubject,
  type CandidateInvitedEmailProps,
} from './templates/candidate-invited.email.js';

export interface TemplateProps {
  TestEmail: TestEmailProps;
  VerificationCode: VerificationCodeEmailProps;
  PasswordReset: PasswordResetEmailProps;
  Welcome: WelcomeEmailProps;
  AdminSignup: AdminSignupEmailProps;
  OnboardingComplete: OnboardingCompleteEmailProps;
  ProjectReviewed: ProjectReviewedEmailProps;
  ApplicationSubmitted: ApplicationSubmittedEmailProps;
  ApplicationStatus: ApplicationStatusEmailProps;
  CandidateInvited: CandidateInvitedEmailProps;
}
export type TemplateName = keyof TemplateProps;

type Entry<N extends TemplateName> = { component: ComponentType<TemplateProps[N]>; subject: (p: TemplateProps[N]) => string };

/** Every template: its component and its subject line, by name. */
const templates: { [N in TemplateName]: Entry<N> } = {
  TestEmail: { component: TestEmail, subject: testEmailSubject },
  VerificationCode: { component: VerificationCodeEmail, subject: verificationCodeSubject },
  PasswordReset: { component: PasswordResetEmail, subject: passwordResetSubject },
  Welcome: { component: WelcomeEmail, subject: welcomeSubject },
  AdminSignup: { component: AdminSignupEmail, subject: adminSignupSubject },
  OnboardingComplete: { component: OnboardingCompleteEmail, subject: onboardingCompleteSubject },
  ProjectReviewed: { component: ProjectReviewedEmail, subject: projectReviewedSubject },
  ApplicationSubmitted: { component: ApplicationSubmittedEmail, subject: applicationSubmittedSubject },
  ApplicationStatus: { component: ApplicationStatusEmail, subject: applicationStatusSubject },
  CandidateInvited: { component: CandidateInvitedEmail, subject: candidateInvitedSubject },
};

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Renders a template to subject, HTML and plain text. */
export async function renderEmail<N extends TemplateName>(name: N, props: TemplateProps[N]): Promise<RenderedEmail> {
  const t = templates[name] as Entry<N>;
  const element = createElement(t.component, props);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: t.subject(props), html, text };
}

export type {
  TestEmailProps,
  VerificationCodeEmailProps,
  PasswordResetEmailProps,
  WelcomeEmailProps,
  AdminSignupEmailProps,
  OnboardingCompleteEmailProps,
  ProjectReviewedEmailProps,
  ApplicationSubmittedEmailProps,
  ApplicationStatusEmailProps,
  CandidateInvitedEmailProps,
};
