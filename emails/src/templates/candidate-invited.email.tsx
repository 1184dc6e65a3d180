import { Heading, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { Button } from '../components/button.js';

export interface CandidateInvitedEmailProps {
  fullName: string;
  projectTitle: string;
  companyName: string;
  reasons: string[];
  projectUrl: string;
  preferencesUrl: string;
}

export const candidateInvitedSubject = (p: CandidateInvitedEmailProps) => `You're invited to apply: "${p.projectTitle}"`;

export function CandidateInvitedEmail(p: CandidateInvitedEmailProps) {
  return (
    <Layout
      preview={`${p.companyName} is looking for someone like you`}
      reason="You received this because the Mashrou team matched your profile to this project."
      preferencesUrl={p.preferencesUrl}
    >
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        A project that fits you
      </Heading>
      <Text style={{ fontSize: 15 }}>
        Hi {p.fullName}, the Mashrou team thinks you would be a great fit for "{p.projectTitle}" at {p.companyName}, and invites
        you to apply.
      </Text>
      {p.reasons.length > 0 && <Text style={{ fontSize: 14, color: brand.muted }}>Why you: {p.reasons.join(' · ')}</Text>}
      <Button href={p.projectUrl}>See the project</Button>
    </Layout>
  );
}

CandidateInvitedEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  projectTitle: 'Market research for a fintech app',
  companyName: 'Omar Ventures',
  reasons: ['3 of 4 skills match', 'assessment 82/100'],
  projectUrl: 'http://localhost:5173/dashboard/browse-projects/123',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies CandidateInvitedEmailProps;
export default CandidateInvitedEmail;
