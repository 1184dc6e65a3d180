import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { ButtonWithLink } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** Sent to the old address once an account moved to a new one (always sent: it is about security). */
export interface EmailChangedEmailProps {
  fullName: string;
  /** The new address, partly hidden (`la***@example.com`). */
  newEmailHint: string;
  /** Gives the account back to this (old) address: a new password, everyone signed out. */
  recoverUrl: string;
  /** How long the link works. */
  days: number;
  locale?: Locale;
}

export const emailChangedSubject = (p: EmailChangedEmailProps) => emailText(p.locale).emailChanged.subject;

export function EmailChangedEmail({ fullName, newEmailHint, recoverUrl, days, locale }: EmailChangedEmailProps) {
  const c = emailText(locale).emailChanged;
  return (
    <Layout locale={locale} preview={c.preview} reason={c.reason}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(fullName, newEmailHint)}</Text>
      <Text style={{ fontSize: 15 }}>{c.notYou(days)}</Text>
      <ButtonWithLink href={recoverUrl} pasteLink={c.pasteLink}>
        {c.button}
      </ButtonWithLink>
    </Layout>
  );
}

EmailChangedEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  newEmailHint: 'la***@example.com',
  recoverUrl: 'http://localhost:5173/reset-password?token=preview',
  days: 7,
} satisfies EmailChangedEmailProps;
export default EmailChangedEmail;
