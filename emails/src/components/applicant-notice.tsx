import { Text } from '@react-email/components';
import { Layout, Title } from './layout.js';
import { Button } from './button.js';
import { emailText, type ApplicantNoticeTexts, type Locale } from '../i18n/index.js';

/** What a company's email about one applicant (a new application, a withdrawal) is made of. */
export interface ApplicantNoticeProps {
  fullName: string;
  /** Missing when the student's account is gone: "A student" in the recipient's language. */
  studentName?: string;
  projectTitle: string;
  projectUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

/** A company's email about one applicant, worded by its catalogue section. */
export function ApplicantNotice({ p, c }: { p: ApplicantNoticeProps; c: ApplicantNoticeTexts }) {
  const studentName = p.studentName ?? emailText(p.locale).applicationSubmitted.someStudent;
  return (
    <Layout
      locale={p.locale}
      preview={c.preview(studentName, p.projectTitle)}
      reason={c.reason}
      preferencesUrl={p.preferencesUrl}
    >
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, studentName, p.projectTitle)}</Text>
      <Button href={p.projectUrl}>{c.button}</Button>
    </Layout>
  );
}
