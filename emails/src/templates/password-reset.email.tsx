import { Heading, Link, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { Button } from '../components/button.js';

export interface PasswordResetEmailProps {
  fullName: string;
  resetUrl: string;
  minutes: number;
}

export const passwordResetSubject = () => 'Reset your Mashrou password';

export function PasswordResetEmail({ fullName, resetUrl, minutes }: PasswordResetEmailProps) {
  return (
    <Layout
      preview="Set a new password for your Mashrou account"
      reason="You received this because a password reset was requested for your Mashrou account. If it was not you, ignore this email: your password stays the same."
    >
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        Reset your password
      </Heading>
      <Text style={{ fontSize: 15 }}>
        Hi {fullName}, follow this link to choose a new password. It works once and expires in {minutes} minutes. Setting a new
        password signs you out everywhere.
      </Text>
      <Button href={resetUrl}>Choose a new password</Button>
      <Text style={{ fontSize: 13, color: brand.muted }}>
        Or paste this link into your browser: <Link href={resetUrl}>{resetUrl}</Link>
      </Text>
    </Layout>
  );
}

PasswordResetEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  resetUrl: 'http://localhost:5173/reset-password?token=preview',
  minutes: 60,
} satisfies PasswordResetEmailProps;
export default PasswordResetEmail;
