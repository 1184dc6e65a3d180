import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

export interface WelcomeEmailProps {
  fullName: string;
  userType: 'student' | 'startup';
  dashboardUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const welcomeSubject = (p: WelcomeEmailProps) => emailText(p.locale).welcome.subject;

export function WelcomeEmail({ fullName, userType, dashboardUrl, preferencesUrl, locale }: WelcomeEmailProps) {
  const c = emailText(locale).welcome;
  const next = userType === 'student' ? c.next.student : c.next.startup;
  return (
    <Layout locale={locale} preview={c.preview} reason={c.reason} preferencesUrl={preferencesUrl}>
      <Title>{c.heading(fullName)}</Title>
      <Text style={{ fontSize: 15 }}>{next}</Text>
      <Button href={dashboardUrl}>{c.button}</Button>
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
