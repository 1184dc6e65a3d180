import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../lib/auth';
import { CompanyProfileCard } from './company-profile-form';
import { LanguageCard } from './language-card';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { StudentProfileCard } from './student-profile-form';

/**
 * Account settings (spec: name, email notifications on/off, password; and the account's language),
 * and the profile companies or students read: a student's (info, bio, skills, CV), a company's.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <Stack maw={640}>
      <PageHeader title={t('settings.title')} />
      <ProfileForm user={user} />
      {user.userType === 'student' ? <StudentProfileCard /> : null}
      {user.userType === 'startup' ? <CompanyProfileCard /> : null}
      <LanguageCard />
      <PasswordForm />
    </Stack>
  );
}

export default SettingsPage;
