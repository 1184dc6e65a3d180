import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** To a company: its accepted student handed in a milestone of the workspace (never the work itself). */
export interface DeliverableSubmittedEmailProps {
  fullName: string;
  studentName: string;
  projectTitle: string;
  milestoneTitle: string;
  workspaceUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const deliverableSubmittedSubject = (p: DeliverableSubmittedEmailProps) =>
  emailText(p.locale).deliverableSubmitted.subject(p.studentName, p.milestoneTitle);

export function DeliverableSubmittedEmail(p: DeliverableSubmittedEmailProps) {
  const c = emailText(p.locale).deliverableSubmitted;
  return (
    <Layout locale={p.locale} preview={c.preview(p.studentName)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.studentName, p.milestoneTitle, p.projectTitle)}</Text>
      <Button href={p.workspaceUrl}>{c.button}</Button>
    </Layout>
  );
}

DeliverableSubmittedEmail.PreviewProps = {
  fullName: 'Fintech Labs',
  studentName: 'Lina Haddad',
  projectTitle: 'Market research for a fintech app',
  milestoneTitle: 'Survey of 50 users',
  workspaceUrl: 'http://localhost:5173/dashboard/view-projects',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies DeliverableSubmittedEmailProps;
export default DeliverableSubmittedEmail;
