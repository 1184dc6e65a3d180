import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** To each admin who keeps notifications on: a company submitted (or resubmitted) a project for review. */
export interface ProjectSubmittedEmailProps {
  fullName: string;
  companyName: string;
  projectTitle: string;
  reviewUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const projectSubmittedSubject = (p: ProjectSubmittedEmailProps) =>
  emailText(p.locale).projectSubmitted.subject(p.projectTitle);

export function ProjectSubmittedEmail(p: ProjectSubmittedEmailProps) {
  const c = emailText(p.locale).projectSubmitted;
  return (
    <Layout
      locale={p.locale}
      preview={c.preview(p.companyName, p.projectTitle)}
      reason={c.reason}
      preferencesUrl={p.preferencesUrl}
    >
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.companyName, p.projectTitle)}</Text>
      <Button href={p.reviewUrl}>{c.button}</Button>
    </Layout>
  );
}

ProjectSubmittedEmail.PreviewProps = {
  fullName: 'Sara Admin',
  companyName: 'Fintech Labs',
  projectTitle: 'Market research for a fintech app',
  reviewUrl: 'http://localhost:5173/dashboard',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies ProjectSubmittedEmailProps;
export default ProjectSubmittedEmail;
