import { Heading, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { Button } from '../components/button.js';

export interface OnboardingCompleteEmailProps {
  fullName: string;
  userType: 'student' | 'startup';
  dashboardUrl: string;
  preferencesUrl: string;
}

export const onboardingCompleteSubject = () => 'Your Mashrou profile is complete';

export function OnboardingCompleteEmail({ fullName, userType, dashboardUrl, preferencesUrl }: OnboardingCompleteEmailProps) {
  return (
    <Layout
      preview="You are all set on Mashrou"
      reason="You received this because you finished setting up your Mashrou account."
      preferencesUrl={preferencesUrl}
    >
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        You're all set, {fullName}
      </Heading>
      <Text style={{ fontSize: 15 }}>
        {userType === 'student'
          ? 'Your profile is complete. Take the skills assessment so companies see what you can do, then browse projects and apply.'
          : 'Your company account is ready. Post your first project and we will review it quickly.'}
      </Text>
      <Button href={dashboardUrl}>Go to your dashboard</Button>
    </Layout>
  );
}

OnboardingCompleteEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  userType: 'student',
  dashboardUrl: 'http://localhost:5173/dashboard',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies OnboardingCompleteEmailProps;
export default OnboardingCompleteEmail;
