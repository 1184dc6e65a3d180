import { Heading, Section, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';

export interface VerificationCodeEmailProps {
  fullName: string;
  code: string;
  minutes: number;
}

export const verificationCodeSubject = (p: VerificationCodeEmailProps) => `${p.code} is your Mashrou verification code`;

export function VerificationCodeEmail({ fullName, code, minutes }: VerificationCodeEmailProps) {
  return (
    <Layout
      preview={`Your verification code is ${code}`}
      reason="You received this because someone signed up to Mashrou with this email address. If it was not you, ignore this email."
    >
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        Verify your email
      </Heading>
      <Text style={{ fontSize: 15 }}>Hi {fullName}, enter this code on Mashrou to verify your email address:</Text>
      <Section style={{ textAlign: 'center', margin: '16px 0' }}>
        <Text style={{ fontSize: 32, fontWeight: 700, letterSpacing: 8, color: brand.color, margin: 0 }}>{code}</Text>
      </Section>
      <Text style={{ fontSize: 14, color: brand.muted }}>The code expires in {minutes} minutes and works once.</Text>
    </Layout>
  );
}

VerificationCodeEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  code: '482913',
  minutes: 10,
} satisfies VerificationCodeEmailProps;
export default VerificationCodeEmail;
