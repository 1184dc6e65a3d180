import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** The company's weekly digest: applicants who have waited more than 7 days for an answer, per project. */
export interface WaitingDigestEmailProps {
  fullName: string;
  /** All waiting applicants, over every project. */
  waiting: number;
  projects: { title: string; waiting: number }[];
  projectsUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const waitingDigestSubject = (p: WaitingDigestEmailProps) => emailText(p.locale).waitingDigest.subject(p.waiting);

export function WaitingDigestEmail(p: WaitingDigestEmailProps) {
  const c = emailText(p.locale).waitingDigest;
  return (
    <Layout locale={p.locale} preview={waitingDigestSubject(p)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.waiting)}</Text>
      {p.projects.map((project, i) => (
        <Text key={i} style={{ fontSize: 15, margin: '4px 0' }}>
          • {c.project(project.title, project.waiting)}
        </Text>
      ))}
      <Button href={p.projectsUrl}>{c.button}</Button>
    </Layout>
  );
}

WaitingDigestEmail.PreviewProps = {
  fullName: 'Omar Khalil',
  waiting: 4,
  projects: [
    { title: 'Market research for a fintech app', waiting: 3 },
    { title: 'Landing page redesign', waiting: 1 },
  ],
  projectsUrl: 'http://localhost:5173/dashboard/view-projects',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies WaitingDigestEmailProps;
export default WaitingDigestEmail;
