import { ApplicantNotice, type ApplicantNoticeProps } from '../components/applicant-notice.js';
import { emailText } from '../i18n/index.js';

/** To the company: a student withdrew an application to one of its projects. */
export type ApplicationWithdrawnEmailProps = ApplicantNoticeProps;

export const applicationWithdrawnSubject = (p: ApplicationWithdrawnEmailProps) =>
  emailText(p.locale).applicationWithdrawn.subject(p.projectTitle);

export function ApplicationWithdrawnEmail(p: ApplicationWithdrawnEmailProps) {
  return <ApplicantNotice p={p} c={emailText(p.locale).applicationWithdrawn} />;
}

ApplicationWithdrawnEmail.PreviewProps = {
  fullName: 'Omar Khalil',
  studentName: 'Layla Haddad',
  projectTitle: 'Market research for a fintech app',
  projectUrl: 'http://localhost:5173/dashboard/view-projects',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies ApplicationWithdrawnEmailProps;
export default ApplicationWithdrawnEmail;
