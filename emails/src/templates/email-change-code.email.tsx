import { Heading, Section, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { emailText, type Locale } from '../i18n/index.js';

/** The code that moves an account to a new address; sent to the new address. */
export interface EmailChangeCodeEmailProps {
  fullName: string;
  code: string;
  minutes: number;
  locale?: Locale;
}

export const emailChangeCodeSubject = (p: EmailChangeCodeEmailProps) => emailText(p.locale).emailChangeCode.subject(p.code);

export function EmailChangeCodeEmail({ fullName, code, minutes, locale }: EmailChangeCodeEmailProps) {
  const c = emailText(locale).emailChangeCode;
  return (
    <Layout locale={locale} preview={c.preview} reason={c.reason}>
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

EmailChangeCodeEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  code: '482913',
  minutes: 10,
} satisfies EmailChangeCodeEmailProps;
export default EmailChangeCodeEmail;
