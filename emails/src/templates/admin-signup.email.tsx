import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

export interface AdminSignupEmailProps {
  fullName: string;
  email: string;
  userType: string;
  companyName?: string;
  signupTime: string;
  dashboardUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const adminSignupSubject = (p: AdminSignupEmailProps) => emailText(p.locale).adminSignup.subject(p.userType, p.fullName);

export function AdminSignupEmail(p: AdminSignupEmailProps) {
  const c = emailText(p.locale).adminSignup;
  return (
    <Layout locale={p.locale} preview={c.preview(p.fullName)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15, margin: '4px 0' }}>
        <b>{c.name}</b> {p.fullName}
      </Text>
      <Text style={{ fontSize: 15, margin: '4px 0' }}>
        <b>{c.email}</b> {p.email}
      </Text>
      <Text style={{ fontSize: 15, margin: '4px 0' }}>
        <b>{c.type}</b> {c.typeValue(p.userType)}
      </Text>
      {p.companyName ? (
        <Text style={{ fontSize: 15, margin: '4px 0' }}>
          <b>{c.company}</b> {p.companyName}
        </Text>
      ) : null}
      <Text style={{ fontSize: 15, margin: '4px 0 16px' }}>
        <b>{c.signedUp}</b> {p.signupTime}
      </Text>
      <Button href={p.dashboardUrl}>{c.button}</Button>
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
