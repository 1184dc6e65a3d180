import { Heading, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { Button } from '../components/button.js';

export interface ProjectReviewedEmailProps {
  fullName: string;
  projectTitle: string;
  approved: boolean;
  reason?: string;
  projectUrl: string;
  preferencesUrl: string;
}

export const projectReviewedSubject = (p: ProjectReviewedEmailProps) =>
  p.approved ? `Your project "${p.projectTitle}" is live` : `Your project "${p.projectTitle}" needs changes`;

export function ProjectReviewedEmail(p: ProjectReviewedEmailProps) {
  return (
    <Layout
      preview={projectReviewedSubject(p)}
      reason="You received this because you posted this project on Mashrou."
      preferencesUrl={p.preferencesUrl}
    >
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        {p.approved ? 'Your project is live' : 'Your project needs changes'}
      </Heading>
      <Text style={{ fontSize: 15 }}>
        Hi {p.fullName},{' '}
        {p.approved
          ? `"${p.projectTitle}" was approved and students can now find it and apply.`
          : `"${p.projectTitle}" was not approved yet.`}
      </Text>
      {!p.approved && p.reason ? <Text style={{ fontSize: 15, fontStyle: 'italic' }}>Reason: {p.reason}</Text> : null}
      {!p.approved ? <Text style={{ fontSize: 15 }}>Edit the project and it will be reviewed again.</Text> : null}
      <Button href={p.projectUrl}>Open the project</Button>
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
