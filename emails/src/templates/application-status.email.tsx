import { Heading, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { Button } from '../components/button.js';

export interface ApplicationStatusEmailProps {
  fullName: string;
  projectTitle: string;
  status: string;
  notes?: string;
  applicationsUrl: string;
  preferencesUrl: string;
}

const LABELS: Record<string, string> = {
  under_review: 'is under review',
  shortlisted: 'was shortlisted',
  accepted: 'was accepted',
  rejected: 'was not selected',
};

export const applicationStatusSubject = (p: ApplicationStatusEmailProps) =>
  `Your application to "${p.projectTitle}" ${LABELS[p.status] ?? 'was updated'}`;

export function ApplicationStatusEmail(p: ApplicationStatusEmailProps) {
  return (
    <Layout
      preview={applicationStatusSubject(p)}
      reason="You received this because you applied to this project on Mashrou."
      preferencesUrl={p.preferencesUrl}
    >
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        Application update
      </Heading>
      <Text style={{ fontSize: 15 }}>
        Hi {p.fullName}, your application to "{p.projectTitle}" {LABELS[p.status] ?? 'was updated'}.
      </Text>
      {p.notes ? <Text style={{ fontSize: 15, fontStyle: 'italic' }}>Note from the company: {p.notes}</Text> : null}
      <Button href={p.applicationsUrl}>See your applications</Button>
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
