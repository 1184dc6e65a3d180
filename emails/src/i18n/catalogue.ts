import type { ReactNode } from 'react';

/** The languages an email can be written in. */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * Every text of every email, in one language. Sentences that carry values are functions returning
 * the sentence as React children, so a language can order the values as it needs; the English ones
 * keep the exact text pieces of the original templates (their HTML stays byte for byte the same).
 */
/** The texts of a company's email about one applicant (a new application, a withdrawal). */
export interface ApplicantNoticeTexts {
  subject: (projectTitle: string) => string;
  preview: (studentName: string, projectTitle: string) => string;
  reason: string;
  heading: string;
  body: (fullName: string, studentName: string, projectTitle: string) => ReactNode;
  button: string;
}

export interface EmailCatalogue {
  /** `<html lang dir>` and the direction of the text. */
  lang: Locale;
  dir: 'ltr' | 'rtl';
  layout: {
    /** The name in the coloured header. */
    brand: string;
    /** The line under the reason, around the link to the account settings. */
    preferences: (link: ReactNode) => ReactNode;
    preferencesLink: string;
  };
  test: {
    subject: string;
    preview: string;
    reason: (recipient: string) => string;
    heading: string;
    body: string;
    note: (note: string) => ReactNode;
    requestedAt: (at: string) => ReactNode;
  };
  verificationCode: {
    subject: (code: string) => string;
    preview: (code: string) => string;
    reason: string;
    heading: string;
    intro: (fullName: string) => ReactNode;
    expiry: (minutes: number) => ReactNode;
  };
  passwordReset: {
    subject: string;
    preview: string;
    reason: string;
    heading: string;
    body: (fullName: string, minutes: number) => ReactNode;
    button: string;
    /** Followed directly by the link: ends with its own space. */
    pasteLink: string;
  };
  welcome: {
    subject: string;
    preview: string;
    reason: string;
    heading: (fullName: string) => ReactNode;
    next: { student: string; startup: string };
    button: string;
  };
  adminSignup: {
    subject: (userType: string, fullName: string) => string;
    preview: (fullName: string) => string;
    reason: string;
    heading: string;
    name: string;
    email: string;
    type: string;
    company: string;
    signedUp: string;
    typeValue: (userType: string) => string;
    button: string;
  };
  onboardingComplete: {
    subject: string;
    preview: string;
    reason: string;
    heading: (fullName: string) => ReactNode;
    body: { student: string; startup: string };
    button: string;
  };
  projectReviewed: {
    subject: (projectTitle: string, approved: boolean) => string;
    reason: string;
    heading: (approved: boolean) => string;
    body: (fullName: string, projectTitle: string, approved: boolean) => ReactNode;
    rejectionReason: (reason: string) => ReactNode;
    editAgain: string;
    button: string;
  };
  applicationSubmitted: ApplicantNoticeTexts & {
    /** In place of the student's name when the account is gone. */
    someStudent: string;
  };
  projectSubmitted: {
    subject: (projectTitle: string) => string;
    preview: (companyName: string, projectTitle: string) => string;
    reason: string;
    heading: string;
    body: (fullName: string, companyName: string, projectTitle: string) => ReactNode;
    button: string;
  };
  applicationWithdrawn: ApplicantNoticeTexts;
  newMessage: {
    subject: (senderName: string, projectTitle: string) => string;
    preview: (senderName: string) => string;
    reason: string;
    heading: string;
    body: (fullName: string, senderName: string, projectTitle: string) => ReactNode;
    button: string;
  };
  applicationStatus: {
    subject: (projectTitle: string, status: string) => string;
    reason: string;
    heading: string;
    body: (fullName: string, projectTitle: string, status: string) => ReactNode;
    note: (notes: string) => ReactNode;
    /** On acceptance: the company's contact person. */
    contact: (companyName: string, fullName: string, email: string) => ReactNode;
    button: string;
  };
  candidateInvited: {
    subject: (projectTitle: string) => string;
    preview: (companyName: string) => string;
    reason: string;
    heading: string;
    body: (fullName: string, projectTitle: string, companyName: string) => ReactNode;
    why: (reasons: string) => ReactNode;
    button: string;
  };
  /** To a student whose undecided application's project closed on its deadline. */
  applicationsClosed: {
    subject: (projectTitle: string) => string;
    reason: string;
    heading: string;
    /** `cause`: its deadline passed (the application still stands), or Mashrou closed it. */
    body: (fullName: string, projectTitle: string, companyName: string, cause: 'deadline' | 'closed') => ReactNode;
    button: string;
  };
  /** To a company about one of its projects: closed on its deadline, or closed, reopened or corrected by an admin. */
  projectNotice: {
    subject: (projectTitle: string, kind: 'deadline' | 'closed' | 'reopened' | 'edited') => string;
    reason: string;
    heading: (kind: 'deadline' | 'closed' | 'reopened' | 'edited') => string;
    body: (fullName: string, projectTitle: string, kind: 'deadline' | 'closed' | 'reopened' | 'edited') => ReactNode;
    /** deadline: how many applicants still wait for an answer (none: nothing to say). */
    waiting: (count: number) => ReactNode;
    adminReason: (reason: string) => ReactNode;
    /** edited: the fields an admin changed, named in the reader's language. */
    changed: (fields: string) => ReactNode;
    fieldNames: Record<string, string>;
    button: string;
  };
  /** The weekly digest: applicants waiting more than 7 days, per project. */
  waitingDigest: {
    subject: (count: number) => string;
    reason: string;
    heading: string;
    body: (fullName: string, count: number) => ReactNode;
    project: (projectTitle: string, count: number) => ReactNode;
    button: string;
  };
  emailChangeCode: {
    subject: (code: string) => string;
    preview: string;
    reason: string;
    heading: string;
    intro: (fullName: string) => ReactNode;
    expiry: (minutes: number) => ReactNode;
  };
  /** The code that proves an account before a Google or LinkedIn account is linked to it. */
  providerLinkCode: {
    subject: (code: string, provider: string) => string;
    preview: (provider: string) => string;
    reason: (provider: string) => string;
    heading: string;
    intro: (fullName: string, provider: string) => ReactNode;
    expiry: (minutes: number) => ReactNode;
  };
  emailChanged: {
    subject: string;
    preview: string;
    reason: string;
    heading: string;
    body: (fullName: string, newEmailHint: string) => ReactNode;
    /** If it was not them: what the recovery link does, and for how long it works. */
    notYou: (days: number) => ReactNode;
    button: string;
    pasteLink: string;
  };
  dataExportReady: {
    subject: string;
    preview: string;
    reason: string;
    heading: string;
    body: (fullName: string, hours: number) => ReactNode;
    button: string;
    /** Followed directly by the link: ends with its own space. */
    pasteLink: string;
  };
  projectClosed: {
    subject: string;
    preview: string;
    reason: string;
    heading: string;
    body: (fullName: string, projectTitle: string) => ReactNode;
    button: string;
  };
}
