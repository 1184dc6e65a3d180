import { Heading, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';
import { Button } from '../components/button.js';

export interface AdminSignupEmailProps {
  fullName: string;
  email: string;
  userType: string;
  companyName?: string;
  signupTime: string;
  dashboardUrl: string;
  preferencesUrl: string;
}

export const adminSignupSubject = (p: AdminSignupEmailProps) =>
  `New ${p.userType === 'startup' ? 'company' : p.userType} signup: ${p.fullName}`;

export function AdminSignupEmail(p: AdminSignupEmailProps) {
  return (
    <Layout
      preview={`${p.fullName} just signed up`}
      reason="You received this because you are a Mashrou admin and signup notifications are on."
      preferencesUrl={p.preferencesUrl}
    >
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        New signup
      </Heading>
      <Text style={{ fontSize: 15, margin: '4px 0' }}>
        <b>Name:</b> {p.fullName}
      </Text>
      <Text style={{ fontSize: 15, margin: '4px 0' }}>
        <b>Email:</b> {p.email}
      </Text>
      <Text style={{ fontSize: 15, margin: '4px 0' }}>
        <b>Type:</b> {p.userType === 'startup' ? 'Company' : 'Student'}
      </Text>
      {p.companyName ? (
        <Text style={{ fontSize: 15, margin: '4px 0' }}>
          <b>Company:</b> {p.companyName}
        </Text>
      ) : null}
      <Text style={{ fontSize: 15, margin: '4px 0 16px' }}>
        <b>Signed up:</b> {p.signupTime}
      </Text>
      <Button href={p.dashboardUrl}>Open the admin dashboard</Button>
    </Layout>
  );
}

AdminSignupEmail.PreviewProps = {
  fullName: 'Omar Khalil',
  email: 'omar@startup.io',
  userType: 'startup',
  companyName: 'Startup.io',
  signupTime: '2026-11-22 10:00 UTC',
  dashboardUrl: 'http://localhost:5173/dashboard',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies AdminSignupEmailProps;
export default AdminSignupEmail;
