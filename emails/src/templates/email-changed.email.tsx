import { Heading, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { emailText, type Locale } from '../i18n/index.js';

/** Sent to the old address once an account moved to a new one (always sent: it is about security). */
export interface EmailChangedEmailProps {
  fullName: string;
  /** The new address, partly hidden (`la***@example.com`). */
  newEmailHint: string;
  locale?: Locale;
}

export const emailChangedSubject = (p: EmailChangedEmailProps) => emailText(p.locale).emailChanged.subject;

export function EmailChangedEmail({ fullName, newEmailHint, locale }: EmailChangedEmailProps) {
  const c = emailText(locale).emailChanged;
  return (
    <Layout locale={locale} preview={c.preview} reason={c.reason}>
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        {c.heading}
      </Heading>
      <Text style={{ fontSize: 15 }}>{c.body(fullName, newEmailHint)}</Text>
      <Text style={{ fontSize: 14, color: brand.muted }}>{c.notYou}</Text>
    </Layout>
  );
}

EmailChangedEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  newEmailHint: 'la***@example.com',
} satisfies EmailChangedEmailProps;
export default EmailChangedEmail;
