import { Heading, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

export interface ApplicationSubmittedEmailProps {
  fullName: string;
  /** Missing when the student's account is gone: "A student" in the recipient's language. */
  studentName?: string;
  projectTitle: string;
  projectUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const applicationSubmittedSubject = (p: ApplicationSubmittedEmailProps) =>
  emailText(p.locale).applicationSubmitted.subject(p.projectTitle);

export function ApplicationSubmittedEmail(p: ApplicationSubmittedEmailProps) {
  const c = emailText(p.locale).applicationSubmitted;
  const studentName = p.studentName ?? c.someStudent;
  return (
    <Layout
      locale={p.locale}
      preview={c.preview(studentName, p.projectTitle)}
      reason={c.reason}
      preferencesUrl={p.preferencesUrl}
    >
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        {c.heading}
      </Heading>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, studentName, p.projectTitle)}</Text>
      <Button href={p.projectUrl}>{c.button}</Button>
    </Layout>
  );
}

ApplicationSubmittedEmail.PreviewProps = {
  fullName: 'Omar Khalil',
  studentName: 'Layla Haddad',
  projectTitle: 'Market research for a fintech app',
  projectUrl: 'http://localhost:5173/dashboard/view-projects',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies ApplicationSubmittedEmailProps;
export default ApplicationSubmittedEmail;
