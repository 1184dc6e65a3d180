import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <Text fz={72} fw={800} c="brand.8" lh={1}>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Button component={Link} to="/" size="md">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}

export default NotFoundPage;
