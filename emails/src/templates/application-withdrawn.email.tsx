import { Heading, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** To the company: a student withdrew an application to one of its projects. */
export interface ApplicationWithdrawnEmailProps {
  fullName: string;
  /** Missing when the student's account is gone: "A student" in the recipient's language. */
  studentName?: string;
  projectTitle: string;
  projectUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const applicationWithdrawnSubject = (p: ApplicationWithdrawnEmailProps) =>
  emailText(p.locale).applicationWithdrawn.subject(p.projectTitle);

export function ApplicationWithdrawnEmail(p: ApplicationWithdrawnEmailProps) {
  const c = emailText(p.locale).applicationWithdrawn;
  const studentName = p.studentName ?? emailText(p.locale).applicationSubmitted.someStudent;
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

ApplicationWithdrawnEmail.PreviewProps = {
  fullName: 'Omar Khalil',
  studentName: 'Layla Haddad',
  projectTitle: 'Market research for a fintech app',
  projectUrl: 'http://localhost:5173/dashboard/view-projects',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies ApplicationWithdrawnEmailProps;
export default ApplicationWithdrawnEmail;
