import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** To a student: the company accepted a milestone's hand-in, or asked for changes (the feedback is read in the app). */
export interface DeliverableReviewedEmailProps {
  fullName: string;
  companyName: string;
  projectTitle: string;
  milestoneTitle: string;
  accepted: boolean;
  workspaceUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const deliverableReviewedSubject = (p: DeliverableReviewedEmailProps) =>
  emailText(p.locale).deliverableReviewed.subject(p.milestoneTitle, p.accepted);

export function DeliverableReviewedEmail(p: DeliverableReviewedEmailProps) {
  const c = emailText(p.locale).deliverableReviewed;
  return (
    <Layout locale={p.locale} preview={c.preview(p.companyName, p.accepted)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading(p.accepted)}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.companyName, p.milestoneTitle, p.projectTitle, p.accepted)}</Text>
      <Button href={p.workspaceUrl}>{c.button}</Button>
    </Layout>
  );
}

DeliverableReviewedEmail.PreviewProps = {
  fullName: 'Lina Haddad',
  companyName: 'Fintech Labs',
  projectTitle: 'Market research for a fintech app',
  milestoneTitle: 'Survey of 50 users',
  accepted: false,
  workspaceUrl: 'http://localhost:5173/dashboard/my-applications',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies DeliverableReviewedEmailProps;
export default DeliverableReviewedEmail;
