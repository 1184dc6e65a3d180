import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** How many applicants a summary names; the rest are counted. */
export const SUMMARY_NAMES = 10;

/**
 * The company's summary of the applicants since its last email about one: after a mail about a new
 * applicant, the next ones wait and go together, at most one summary per window (the app's bell
 * hears of each at once).
 */
export interface ApplicantsSummaryEmailProps {
  fullName: string;
  /** Who applied to what, oldest first. */
  applicants: { studentName: string; projectTitle: string }[];
  projectsUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const applicantsSummarySubject = (p: ApplicantsSummaryEmailProps) =>
  emailText(p.locale).applicantsSummary.subject(p.applicants.length);

export function ApplicantsSummaryEmail(p: ApplicantsSummaryEmailProps) {
  const c = emailText(p.locale).applicantsSummary;
  const named = p.applicants.slice(0, SUMMARY_NAMES);
  const more = p.applicants.length - named.length;
  return (
    <Layout locale={p.locale} preview={applicantsSummarySubject(p)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.applicants.length)}</Text>
      {named.map((a, i) => (
        <Text key={i} style={{ fontSize: 15, margin: '4px 0' }}>
          • {c.applicant(a.studentName, a.projectTitle)}
        </Text>
      ))}
      {more > 0 && <Text style={{ fontSize: 15, margin: '4px 0' }}>{c.more(more)}</Text>}
      <Button href={p.projectsUrl}>{c.button}</Button>
    </Layout>
  );
}

ApplicantsSummaryEmail.PreviewProps = {
  fullName: 'Omar Khalil',
  applicants: [
    { studentName: 'Layla Haddad', projectTitle: 'Market research for a fintech app' },
    { studentName: 'Karim Nassar', projectTitle: 'Market research for a fintech app' },
    { studentName: 'Sara Odeh', projectTitle: 'Landing page redesign' },
  ],
  projectsUrl: 'http://localhost:5173/dashboard/view-projects',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies ApplicantsSummaryEmailProps;
export default ApplicantsSummaryEmail;
