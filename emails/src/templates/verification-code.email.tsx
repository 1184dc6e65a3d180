import { CodeNotice, type CodeNoticeProps } from '../components/code-notice.js';
import { emailText } from '../i18n/index.js';

export type VerificationCodeEmailProps = CodeNoticeProps;

export const verificationCodeSubject = (p: VerificationCodeEmailProps) => emailText(p.locale).verificationCode.subject(p.code);

export function VerificationCodeEmail(p: VerificationCodeEmailProps) {
  const c = emailText(p.locale).verificationCode;
  return <CodeNotice p={p} c={c} preview={c.preview(p.code)} />;
}

VerificationCodeEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  code: '482913',
  minutes: 10,
} satisfies VerificationCodeEmailProps;
export default VerificationCodeEmail;
