import { CodeNotice, type CodeNoticeProps } from '../components/code-notice.js';
import { emailText } from '../i18n/index.js';

/** The code that moves an account to a new address; sent to the new address. */
export type EmailChangeCodeEmailProps = CodeNoticeProps;

export const emailChangeCodeSubject = (p: EmailChangeCodeEmailProps) => emailText(p.locale).emailChangeCode.subject(p.code);

export function EmailChangeCodeEmail(p: EmailChangeCodeEmailProps) {
  const c = emailText(p.locale).emailChangeCode;
  return <CodeNotice p={p} c={c} preview={c.preview} />;
}

EmailChangeCodeEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  code: '482913',
  minutes: 10,
} satisfies EmailChangeCodeEmailProps;
export default EmailChangeCodeEmail;
