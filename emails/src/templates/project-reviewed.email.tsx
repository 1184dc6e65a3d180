import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

export interface ProjectReviewedEmailProps {
  fullName: string;
  projectTitle: string;
  approved: boolean;
  reason?: string;
  projectUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const projectReviewedSubject = (p: ProjectReviewedEmailProps) =>
  emailText(p.locale).projectReviewed.subject(p.projectTitle, p.approved);

export function ProjectReviewedEmail(p: ProjectReviewedEmailProps) {
  const c = emailText(p.locale).projectReviewed;
  return (
    <Layout locale={p.locale} preview={projectReviewedSubject(p)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading(p.approved)}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.projectTitle, p.approved)}</Text>
      {!p.approved && p.reason ? <Text style={{ fontSize: 15, fontStyle: 'italic' }}>{c.rejectionReason(p.reason)}</Text> : null}
      {!p.approved ? <Text style={{ fontSize: 15 }}>{c.editAgain}</Text> : null}
      <Button href={p.projectUrl}>{c.button}</Button>
    </Layout>
  );
}

ProjectReviewedEmail.PreviewProps = {
  fullName: 'Omar Khalil',
  projectTitle: 'Market research for a fintech app',
  approved: false,
  reason: 'Please add the weekly hours expected.',
  projectUrl: 'http://localhost:5173/dashboard/view-projects',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies ProjectReviewedEmailProps;
export default ProjectReviewedEmail;
