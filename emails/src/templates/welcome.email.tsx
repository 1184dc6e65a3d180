import { Heading, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { Button } from '../components/button.js';

export interface WelcomeEmailProps {
  fullName: string;
  userType: 'student' | 'startup';
  dashboardUrl: string;
  preferencesUrl: string;
}

export const welcomeSubject = () => 'Welcome to Mashrou';

export function WelcomeEmail({ fullName, userType, dashboardUrl, preferencesUrl }: WelcomeEmailProps) {
  const next =
    userType === 'student'
      ? 'Verify your email, tell us about your studies and take the short skills assessment — then browse projects and apply.'
      : 'Verify your email and book your intro call with our team — then post your first project.';
  return (
    <Layout
      preview="Your Mashrou account is ready"
      reason="You received this because you created a Mashrou account."
      preferencesUrl={preferencesUrl}
    >
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        Welcome, {fullName}!
      </Heading>
      <Text style={{ fontSize: 15 }}>{next}</Text>
      <Button href={dashboardUrl}>Open your dashboard</Button>
    </Layout>
  );
}

WelcomeEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  userType: 'student',
  dashboardUrl: 'http://localhost:5173/dashboard',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies WelcomeEmailProps;
export default WelcomeEmail;
