import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

export interface OnboardingCompleteEmailProps {
  fullName: string;
  userType: 'student' | 'startup';
  dashboardUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const onboardingCompleteSubject = (p: OnboardingCompleteEmailProps) => emailText(p.locale).onboardingComplete.subject;

export function OnboardingCompleteEmail({
  fullName,
  userType,
  dashboardUrl,
  preferencesUrl,
  locale,
}: OnboardingCompleteEmailProps) {
  const c = emailText(locale).onboardingComplete;
  return (
    <Layout locale={locale} preview={c.preview} reason={c.reason} preferencesUrl={preferencesUrl}>
      <Title>{c.heading(fullName)}</Title>
      <Text style={{ fontSize: 15 }}>{userType === 'student' ? c.body.student : c.body.startup}</Text>
      <Button href={dashboardUrl}>{c.button}</Button>
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
