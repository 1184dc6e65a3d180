import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** A project a student applied to closed before they had an answer (its company's account was deleted). */
export interface ProjectClosedEmailProps {
  fullName: string;
  projectTitle: string;
  browseUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const projectClosedSubject = (p: ProjectClosedEmailProps) => emailText(p.locale).projectClosed.subject;

export function ProjectClosedEmail(p: ProjectClosedEmailProps) {
  const c = emailText(p.locale).projectClosed;
  return (
    <Layout locale={p.locale} preview={c.preview} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.projectTitle)}</Text>
      <Button href={p.browseUrl}>{c.button}</Button>
    </Layout>
  );
}

ProjectClosedEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  projectTitle: 'Market research for a fintech app',
  browseUrl: 'http://localhost:5173/dashboard/browse-projects',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies ProjectClosedEmailProps;
export default ProjectClosedEmail;
