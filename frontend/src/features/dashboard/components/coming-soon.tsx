import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Marketplace and admin sub-screens until their issues land. */
export function ComingSoon({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="xl" maw={640}>
      <Stack>
        <Title order={1} fz="h2">{t('dashboard.soon.title', { screen: t(`dashboard.nav.${screen}`) })}</Title>
        <Text c="dimmed">{t('dashboard.soon.body')}</Text>
        <Button component="a" href="/dashboard" variant="light" w="fit-content">{t('dashboard.soon.back')}</Button>
      </Stack>
    </Card>
  );
}
