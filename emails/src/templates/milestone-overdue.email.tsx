import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/**
 * A milestone of an accepted application passed its day with the work still due, once to each side:
 * the student (`otherName`: the company) and the company (`otherName`: the student).
 */
export interface MilestoneOverdueEmailProps {
  fullName: string;
  side: 'student' | 'company';
  otherName: string;
  projectTitle: string;
  milestoneTitle: string;
  /** Its due day, YYYY-MM-DD. */
  dueOn: string;
  workspaceUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const milestoneOverdueSubject = (p: MilestoneOverdueEmailProps) =>
  emailText(p.locale).milestoneOverdue.subject(p.milestoneTitle);

export function MilestoneOverdueEmail(p: MilestoneOverdueEmailProps) {
  const c = emailText(p.locale).milestoneOverdue;
  return (
    <Layout locale={p.locale} preview={c.preview(p.milestoneTitle)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>
        {p.side === 'student'
          ? c.student(p.fullName, p.milestoneTitle, p.projectTitle, p.dueOn, p.otherName)
          : c.company(p.fullName, p.otherName, p.milestoneTitle, p.projectTitle, p.dueOn)}
      </Text>
      <Button href={p.workspaceUrl}>{c.button}</Button>
    </Layout>
  );
}

MilestoneOverdueEmail.PreviewProps = {
  fullName: 'Lina Haddad',
  side: 'student',
  otherName: 'Fintech Labs',
  projectTitle: 'Market research for a fintech app',
  milestoneTitle: 'Survey of 50 users',
  dueOn: '2026-12-01',
  workspaceUrl: 'http://localhost:5173/dashboard/my-applications',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies MilestoneOverdueEmailProps;
export default MilestoneOverdueEmail;
