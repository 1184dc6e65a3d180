import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** To a student: the company marked the engagement complete, or ended it early with a reason; reviews are open. */
export interface EngagementEndedEmailProps {
  fullName: string;
  companyName: string;
  projectTitle: string;
  completed: boolean;
  /** Ended early: the company's reason. */
  reason: string | null;
  workspaceUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const engagementEndedSubject = (p: EngagementEndedEmailProps) =>
  emailText(p.locale).engagementEnded.subject(p.projectTitle, p.completed);

export function EngagementEndedEmail(p: EngagementEndedEmailProps) {
  const c = emailText(p.locale).engagementEnded;
  return (
    <Layout locale={p.locale} preview={c.preview(p.companyName, p.completed)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading(p.completed)}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.companyName, p.projectTitle, p.completed)}</Text>
      {p.reason ? (
        <Text style={{ fontSize: 15 }}>
          <strong>{c.reasonLabel}</strong> {p.reason}
        </Text>
      ) : null}
      <Button href={p.workspaceUrl}>{c.button}</Button>
    </Layout>
  );
}

EngagementEndedEmail.PreviewProps = {
  fullName: 'Lina Haddad',
  companyName: 'Fintech Labs',
  projectTitle: 'Market research for a fintech app',
  completed: false,
  reason: 'Our budget for the study was cut this quarter.',
  workspaceUrl: 'http://localhost:5173/dashboard/my-applications',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies EngagementEndedEmailProps;
export default EngagementEndedEmail;
