import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Where the browser lands after "Delete my account": the account and its data are gone. */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Title order={1}>{t('accountDeleted.title')}</Title>
        <Text c="dimmed">{t('accountDeleted.body')}</Text>
        <Button component={Link} to="/" size="md">
          {t('accountDeleted.home')}
        </Button>
      </Stack>
    </Center>
  );
}

export default AccountDeletedPage;
