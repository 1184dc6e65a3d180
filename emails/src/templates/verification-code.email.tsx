import { Heading, Section, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { emailText, type Locale } from '../i18n/index.js';

export interface VerificationCodeEmailProps {
  fullName: string;
  code: string;
  minutes: number;
  locale?: Locale;
}

export const verificationCodeSubject = (p: VerificationCodeEmailProps) => emailText(p.locale).verificationCode.subject(p.code);

export function VerificationCodeEmail({ fullName, code, minutes, locale }: VerificationCodeEmailProps) {
  const c = emailText(locale).verificationCode;
  return (
    <Layout locale={locale} preview={c.preview(code)} reason={c.reason}>
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        {c.heading}
      </Heading>
      <Text style={{ fontSize: 15 }}>{c.intro(fullName)}</Text>
      <Section style={{ textAlign: 'center', margin: '16px 0' }}>
        <Text style={{ fontSize: 32, fontWeight: 700, letterSpacing: 8, color: brand.color, margin: 0 }}>{code}</Text>
      </Section>
      <Text style={{ fontSize: 14, color: brand.muted }}>{c.expiry(minutes)}</Text>
    </Layout>
  );
}

VerificationCodeEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  code: '482913',
  minutes: 10,
} satisfies VerificationCodeEmailProps;
export default VerificationCodeEmail;
