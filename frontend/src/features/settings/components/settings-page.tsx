import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../lib/auth';
import { LanguageCard } from './language-card';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/** Account settings (spec: name, email notifications on/off, password; and the account's language). */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <Stack maw={640}>
      <PageHeader title={t('settings.title')} />
      <ProfileForm user={user} />
      <LanguageCard />
      <PasswordForm />
    </Stack>
  );
}

export default SettingsPage;
