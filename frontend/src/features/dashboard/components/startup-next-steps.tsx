import { Button, Card, List, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The company home's checklist. */
export function StartupNextSteps() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        {t('dashboard.startup.next')}
      </Title>
      <List spacing="sm">
        <List.Item>{t('dashboard.startup.nextCall')}</List.Item>
        <List.Item>{t('dashboard.startup.nextPost')}</List.Item>
        <List.Item>{t('dashboard.startup.nextReview')}</List.Item>
      </List>
      <Button component={Link} to="/dashboard/create-project" mt="md" w="fit-content">
        {t('dashboard.startup.nextPost')}
      </Button>
    </Card>
  );
}
