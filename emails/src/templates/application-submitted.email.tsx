import { Heading, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { Button } from '../components/button.js';

export interface ApplicationSubmittedEmailProps {
  fullName: string;
  studentName: string;
  projectTitle: string;
  projectUrl: string;
  preferencesUrl: string;
}

export const applicationSubmittedSubject = (p: ApplicationSubmittedEmailProps) => `New applicant for "${p.projectTitle}"`;

export function ApplicationSubmittedEmail(p: ApplicationSubmittedEmailProps) {
  return (
    <Layout
      preview={`${p.studentName} applied to ${p.projectTitle}`}
      reason="You received this because you posted this project on Mashrou."
      preferencesUrl={p.preferencesUrl}
    >
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        New applicant
      </Heading>
      <Text style={{ fontSize: 15 }}>
        Hi {p.fullName}, {p.studentName} applied to "{p.projectTitle}". Review their profile, assessment and motivation on
        Mashrou.
      </Text>
      <Button href={p.projectUrl}>Review applicants</Button>
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
