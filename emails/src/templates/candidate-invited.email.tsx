import { Text } from '@react-email/components';
import { Layout, Title, brand } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

export interface CandidateInvitedEmailProps {
  fullName: string;
  projectTitle: string;
  companyName: string;
  reasons: string[];
  projectUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const candidateInvitedSubject = (p: CandidateInvitedEmailProps) =>
  emailText(p.locale).candidateInvited.subject(p.projectTitle);

export function CandidateInvitedEmail(p: CandidateInvitedEmailProps) {
  const c = emailText(p.locale).candidateInvited;
  return (
    <Layout locale={p.locale} preview={c.preview(p.companyName)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.projectTitle, p.companyName)}</Text>
      {p.reasons.length > 0 && <Text style={{ fontSize: 14, color: brand.muted }}>{c.why(p.reasons.join(' · '))}</Text>}
      <Button href={p.projectUrl}>{c.button}</Button>
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
