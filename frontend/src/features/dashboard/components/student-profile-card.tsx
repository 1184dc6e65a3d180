import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { User } from '@mashrou/contracts';

/** The student home's profile card: back to sign-up while onboarding is unfinished, then to the profile in settings. */
export function StudentProfileCard({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        {t('dashboard.student.profile')}
      </Title>
      <Stack gap={6}>
        <Text>
          <b>{t('dashboard.student.school')}:</b> {user.school ?? t('dashboard.student.notSet')}
        </Text>
        <Text>
          <b>{t('dashboard.student.graduation')}:</b> {user.graduationYear ?? t('dashboard.student.notSet')}
        </Text>
        <Text c="dimmed" fz="sm">
          <bdi dir="ltr">{user.email}</bdi>
        </Text>
      </Stack>
      {!user.onboardingComplete ? (
        <Button component={Link} to="/signup" mt="md" w="fit-content">
          {t('dashboard.student.completeProfile')}
        </Button>
      ) : (
        <Button component={Link} to="/dashboard/settings" variant="light" mt="md" w="fit-content">
          {t('dashboard.student.editProfile')}
        </Button>
      )}
    </Card>
  );
}
