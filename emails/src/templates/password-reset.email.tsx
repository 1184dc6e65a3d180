import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { ButtonWithLink } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

export interface PasswordResetEmailProps {
  fullName: string;
  resetUrl: string;
  minutes: number;
  locale?: Locale;
}

export const passwordResetSubject = (p: PasswordResetEmailProps) => emailText(p.locale).passwordReset.subject;

export function PasswordResetEmail({ fullName, resetUrl, minutes, locale }: PasswordResetEmailProps) {
  const c = emailText(locale).passwordReset;
  return (
    <Layout locale={locale} preview={c.preview} reason={c.reason}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(fullName, minutes)}</Text>
      <ButtonWithLink href={resetUrl} pasteLink={c.pasteLink}>
        {c.button}
      </ButtonWithLink>
    </Layout>
  );
}

PasswordResetEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  resetUrl: 'http://localhost:5173/reset-password?token=preview',
  minutes: 60,
} satisfies PasswordResetEmailProps;
export default PasswordResetEmail;
