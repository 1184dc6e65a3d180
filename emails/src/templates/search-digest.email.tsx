import { Link, Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** How many projects a daily digest names; the rest are counted (Browse has them all). */
export const DIGEST_PROJECTS = 10;

/** A student's daily email: the projects approved since the last one that match their saved searches. */
export interface SearchDigestEmailProps {
  fullName: string;
  projects: { title: string; companyName: string; url: string }[];
  browseUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const searchDigestSubject = (p: SearchDigestEmailProps) => emailText(p.locale).searchDigest.subject(p.projects.length);

export function SearchDigestEmail(p: SearchDigestEmailProps) {
  const c = emailText(p.locale).searchDigest;
  const named = p.projects.slice(0, DIGEST_PROJECTS);
  const more = p.projects.length - named.length;
  return (
    <Layout locale={p.locale} preview={searchDigestSubject(p)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName)}</Text>
      {named.map((project, i) => (
        <Text key={i} style={{ fontSize: 15, margin: '4px 0' }}>
          • <Link href={project.url}>{c.project(project.title, project.companyName)}</Link>
        </Text>
      ))}
      {more > 0 && <Text style={{ fontSize: 15, margin: '4px 0' }}>{c.more(more)}</Text>}
      <Button href={p.browseUrl}>{c.button}</Button>
    </Layout>
  );
}

SearchDigestEmail.PreviewProps = {
  fullName: 'Lina Haddad',
  projects: [
    {
      title: 'Market research for a fintech app',
      companyName: 'Fintech Labs',
      url: 'http://localhost:5173/dashboard/browse-projects?project=1',
    },
    {
      title: 'Arabic social media plan',
      companyName: 'Souk Labs',
      url: 'http://localhost:5173/dashboard/browse-projects?project=2',
    },
  ],
  browseUrl: 'http://localhost:5173/dashboard/browse-projects',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies SearchDigestEmailProps;
export default SearchDigestEmail;
