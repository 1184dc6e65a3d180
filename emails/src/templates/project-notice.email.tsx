import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale, type NoticeKind } from '../i18n/index.js';

/**
 * To a company about one of its projects: it closed on its deadline (with how many applicants still
 * wait for an answer), or an admin closed, reopened or corrected it (with the admin's reason).
 */
export interface ProjectNoticeEmailProps {
  fullName: string;
  projectTitle: string;
  kind: NoticeKind;
  /** deadline: undecided applicants. */
  waiting?: number;
  /** closed, reopened, edited: what the admin wrote. */
  reason?: string;
  /** edited: the fields the admin changed (title, description, …). */
  fields?: string[];
  projectUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const projectNoticeSubject = (p: ProjectNoticeEmailProps) =>
  emailText(p.locale).projectNotice.subject(p.projectTitle, p.kind);

export function ProjectNoticeEmail(p: ProjectNoticeEmailProps) {
  const c = emailText(p.locale).projectNotice;
  return (
    <Layout locale={p.locale} preview={projectNoticeSubject(p)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading(p.kind)}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.projectTitle, p.kind)}</Text>
      {p.waiting ? <Text style={{ fontSize: 15, fontWeight: 600 }}>{c.waiting(p.waiting)}</Text> : null}
      {p.fields?.length ? (
        <Text style={{ fontSize: 15 }}>{c.changed(p.fields.map((f) => c.fieldNames[f] ?? f).join(', '))}</Text>
      ) : null}
      {p.reason ? <Text style={{ fontSize: 15, fontStyle: 'italic' }}>{c.adminReason(p.reason)}</Text> : null}
      <Button href={p.projectUrl}>{c.button}</Button>
    </Layout>
  );
}

ProjectNoticeEmail.PreviewProps = {
  fullName: 'Omar Khalil',
  projectTitle: 'Market research for a fintech app',
  kind: 'deadline',
  waiting: 3,
  projectUrl: 'http://localhost:5173/dashboard/view-projects',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies ProjectNoticeEmailProps;
export default ProjectNoticeEmail;
