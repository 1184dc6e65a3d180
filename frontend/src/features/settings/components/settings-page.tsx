import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../lib/auth';
import { CompanyProfileCard } from './company-profile-form';
import { LanguageCard } from './language-card';
import { PasswordForm } from './password-form';
import { PortfolioCard } from './portfolio-card';
import { ProfileForm } from './profile-form';
import { StudentProfileCard } from './student-profile-form';
import { EmailCard } from './email-card';
import { DataExportCard } from './data-export-card';
import { DeleteAccountCard } from './delete-account-card';
import { SignInMethodsCard } from './sign-in-methods-card';
import { useSignInMethods } from '../api/sign-in-methods';

/**
 * Account settings (spec: name, email notifications on/off, password; and the account's language;
 * changing the email, a copy of one's data, deleting the account),
 * and the profile companies or students read: a student's (info, bio, skills, CV), a company's.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  // An account made through Google or LinkedIn has no password to change until it sets one (Sign-in methods).
  const noPassword = useSignInMethods().data?.password === false;
  return (
    <Stack maw={640}>
      <PageHeader title={t('settings.title')} />
      <ProfileForm user={user} />
      <EmailCard email={user.email} />
      {user.userType === 'student' ? <StudentProfileCard /> : null}
      {user.userType === 'student' ? <PortfolioCard /> : null}
      {user.userType === 'startup' ? <CompanyProfileCard /> : null}
      <LanguageCard />
      {noPassword ? null : <PasswordForm />}
      <SignInMethodsCard email={user.email} />
      <DataExportCard />
      <DeleteAccountCard />
    </Stack>
  );
}

export default SettingsPage;
