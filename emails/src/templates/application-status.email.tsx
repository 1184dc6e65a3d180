import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

export interface ApplicationStatusEmailProps {
  fullName: string;
  projectTitle: string;
  status: string;
  notes?: string;
  /** On acceptance: the company, and who there to reach (plain strings: the render cache fills them in). */
  companyName?: string;
  contactName?: string;
  contactEmail?: string;
  applicationsUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const applicationStatusSubject = (p: ApplicationStatusEmailProps) =>
  emailText(p.locale).applicationStatus.subject(p.projectTitle, p.status);

export function ApplicationStatusEmail(p: ApplicationStatusEmailProps) {
  const c = emailText(p.locale).applicationStatus;
  return (
    <Layout locale={p.locale} preview={applicationStatusSubject(p)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.projectTitle, p.status)}</Text>
      {p.notes ? <Text style={{ fontSize: 15, fontStyle: 'italic' }}>{c.note(p.notes)}</Text> : null}
      {p.status === 'accepted' && p.companyName && p.contactName && p.contactEmail ? (
        <Text style={{ fontSize: 15 }}>{c.contact(p.companyName, p.contactName, p.contactEmail)}</Text>
      ) : null}
      <Button href={p.applicationsUrl}>{c.button}</Button>
    </Layout>
  );
}

ApplicationStatusEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  projectTitle: 'Market research for a fintech app',
  status: 'shortlisted',
  notes: 'We loved your motivation — expect a call this week.',
  applicationsUrl: 'http://localhost:5173/dashboard/my-applications',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies ApplicationStatusEmailProps;
export default ApplicationStatusEmail;
