import { Card, List, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The company home's checklist. */
export function StartupNextSteps() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="h4" mb="sm">
        {t('dashboard.startup.next')}
      </Title>
      <List spacing="sm">
        <List.Item>{t('dashboard.startup.nextCall')}</List.Item>
        <List.Item>
          <a href="/dashboard/create-project">{t('dashboard.startup.nextPost')}</a>
        </List.Item>
        <List.Item>{t('dashboard.startup.nextReview')}</List.Item>
      </List>
    </Card>
  );
}
