import { CodeNotice, type CodeNoticeProps } from '../components/code-notice.js';
import { emailText } from '../i18n/index.js';

/** The code that proves an account before a Google or LinkedIn account is linked to it; sent to the account's address. */
export type ProviderLinkCodeEmailProps = CodeNoticeProps & { providerName: 'Google' | 'LinkedIn' };

export const providerLinkCodeSubject = (p: ProviderLinkCodeEmailProps) =>
  emailText(p.locale).providerLinkCode.subject(p.code, p.providerName);

export function ProviderLinkCodeEmail(p: ProviderLinkCodeEmailProps) {
  const c = emailText(p.locale).providerLinkCode;
  return (
    <CodeNotice
      p={p}
      c={{ ...c, intro: (fullName) => c.intro(fullName, p.providerName), reason: c.reason(p.providerName) }}
      preview={c.preview(p.providerName)}
    />
  );
}

ProviderLinkCodeEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  code: '482913',
  minutes: 10,
  providerName: 'Google',
} satisfies ProviderLinkCodeEmailProps;
export default ProviderLinkCodeEmail;
