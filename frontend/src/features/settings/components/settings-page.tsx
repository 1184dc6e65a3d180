import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, PasswordInput, Stack, Switch, TextInput, Title, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { patch, post, ApiError } from '../../../lib/api-client';
import { useSetMe } from '../../auth/api/auth';
import type { User } from '../../auth/api/types';
import { signInErrorMessage } from '../../auth/error-messages';
import { useDashboard } from '../../dashboard/use-dashboard';

export function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useDashboard();
  const setMe = useSetMe();
  const [fullName, setFullName] = useState(user.fullName);
  const [companyName, setCompanyName] = useState(user.companyName ?? '');
  const [notifications, setNotifications] = useState(user.emailNotifications);
  const [profileMsg, setProfileMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [pw, setPw] = useState({ current: '', next: '', confirm: '' });
  const [pwMsg, setPwMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function saveProfile(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setProfileMsg(null);
    try {
      const res = await patch<{ user: User }>('/me', {
        fullName,
        emailNotifications: notifications,
        ...(user.userType === 'startup' ? { companyName } : {}),
      });
      setMe(res.user);
      setProfileMsg({ ok: true, text: t('settings.saved') });
    } catch (err) {
      setProfileMsg({ ok: false, text: err instanceof ApiError ? err.message : t('signup.errors.updateFailed') });
    } finally {
      setBusy(false);
    }
  }

  async function changePassword(e: FormEvent) {
    e.preventDefault();
    setPwMsg(null);
    if (pw.next !== pw.confirm) return setPwMsg({ ok: false, text: t('signup.errors.passwordsMismatch') });
    if (pw.next.length < 6) return setPwMsg({ ok: false, text: t('signup.errors.passwordTooShort') });
    try {
      await post('/me/password', { currentPassword: pw.current, newPassword: pw.next });
      setPw({ current: '', next: '', confirm: '' });
      setPwMsg({ ok: true, text: t('settings.changed') });
    } catch (err) {
      setPwMsg({ ok: false, text: signInErrorMessage(err, t) });
    }
  }

  return (
    <Stack maw={640}>
      <PageHeader title={t('settings.title')} />
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={saveProfile}>
          <Stack>
            <Title order={3} fz="h4">
              {t('settings.profile')}
            </Title>
            {profileMsg ? <Alert color={profileMsg.ok ? 'teal' : 'red'}>{profileMsg.text}</Alert> : null}
            <TextInput label={t('settings.email')} value={user.email} disabled />
            <TextInput
              label={t('settings.fullName')}
              value={fullName}
              onChange={(e) => setFullName(e.currentTarget.value)}
              required
              maxLength={120}
            />
            {user.userType === 'startup' ? (
              <TextInput
                label={t('settings.companyName')}
                value={companyName}
                onChange={(e) => setCompanyName(e.currentTarget.value)}
                required
                maxLength={120}
              />
            ) : null}
            <Switch
              label={t('settings.notifications')}
              checked={notifications}
              onChange={(e) => setNotifications(e.currentTarget.checked)}
            />
            <Text c="dimmed" fz="sm" mt={-8}>
              {t('settings.notificationsHint')}
            </Text>
            <Button type="submit" disabled={busy} w="fit-content">
              {t('common.save')}
            </Button>
          </Stack>
        </form>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={changePassword}>
          <Stack>
            <Title order={3} fz="h4">
              {t('settings.password')}
            </Title>
            {pwMsg ? <Alert color={pwMsg.ok ? 'teal' : 'red'}>{pwMsg.text}</Alert> : null}
            <PasswordInput
              label={t('settings.current')}
              autoComplete="current-password"
              value={pw.current}
              onChange={(e) => setPw({ ...pw, current: e.currentTarget.value })}
            />
            <PasswordInput
              label={t('settings.new')}
              autoComplete="new-password"
              value={pw.next}
              onChange={(e) => setPw({ ...pw, next: e.currentTarget.value })}
            />
            <PasswordInput
              label={t('settings.confirm')}
              autoComplete="new-password"
              value={pw.confirm}
              onChange={(e) => setPw({ ...pw, confirm: e.currentTarget.value })}
            />
            <Button type="submit" variant="light" w="fit-content">
              {t('settings.change')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

export default SettingsPage;
