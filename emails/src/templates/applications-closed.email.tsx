import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** To a student: the project they applied to closed on its deadline; their application still waits for an answer. */
export interface ApplicationsClosedEmailProps {
  fullName: string;
  projectTitle: string;
  companyName: string;
  /** Its deadline passed (the application stands), or Mashrou closed it. */
  cause: 'deadline' | 'closed';
  applicationsUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const applicationsClosedSubject = (p: ApplicationsClosedEmailProps) =>
  emailText(p.locale).applicationsClosed.subject(p.projectTitle);

export function ApplicationsClosedEmail(p: ApplicationsClosedEmailProps) {
  const c = emailText(p.locale).applicationsClosed;
  return (
    <Layout locale={p.locale} preview={applicationsClosedSubject(p)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.projectTitle, p.companyName, p.cause)}</Text>
      <Button href={p.applicationsUrl}>{c.button}</Button>
    </Layout>
  );
}

ApplicationsClosedEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  projectTitle: 'Market research for a fintech app',
  companyName: 'Fintech Labs',
  cause: 'deadline',
  applicationsUrl: 'http://localhost:5173/dashboard/my-applications',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies ApplicationsClosedEmailProps;
export default ApplicationsClosedEmail;
