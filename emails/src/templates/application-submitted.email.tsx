import { ApplicantNotice, type ApplicantNoticeProps } from '../components/applicant-notice.js';
import { emailText } from '../i18n/index.js';

export type ApplicationSubmittedEmailProps = ApplicantNoticeProps;

export const applicationSubmittedSubject = (p: ApplicationSubmittedEmailProps) =>
  emailText(p.locale).applicationSubmitted.subject(p.projectTitle);

export function ApplicationSubmittedEmail(p: ApplicationSubmittedEmailProps) {
  return <ApplicantNotice p={p} c={emailText(p.locale).applicationSubmitted} />;
}

ApplicationSubmittedEmail.PreviewProps = {
  fullName: 'Omar Khalil',
  studentName: 'Layla Haddad',
  projectTitle: 'Market research for a fintech app',
  projectUrl: 'http://localhost:5173/dashboard/view-projects',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies ApplicationSubmittedEmailProps;
export default ApplicationSubmittedEmail;
