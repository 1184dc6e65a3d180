import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/ui/logo';

/** /signin and /signup until the account flows land (next issue). */
export function AuthSoonPage({ mode }: { mode: 'signin' | 'signup' }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper shadow="sm" p="xl" radius="lg" maw={440} w="100%">
        <Stack gap="md" align="center" ta="center">
          <Logo />
          <Title order={1} fz="h2">
            {mode === 'signin' ? t('common.signIn') : t('common.signUp')}
          </Title>
          <Text fw={600}>{t('auth.soonTitle')}</Text>
          <Text c="dimmed">{mode === 'signin' ? t('auth.signInSoon') : t('auth.signUpSoon')}</Text>
          <Button component={Link} to="/" variant="light">
            {t('auth.backHome')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

export const SignInRoute = () => <AuthSoonPage mode="signin" />;
export const SignUpRoute = () => <AuthSoonPage mode="signup" />;
