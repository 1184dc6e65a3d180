import type { ReactNode } from 'react';
import { Anchor, Card, List, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const Step = ({ done, children }: { done: boolean; children: ReactNode }) => (
  <List.Item
    icon={
      <ThemeIcon size={22} radius="xl" color={done ? 'teal' : 'gray'} variant={done ? 'filled' : 'light'}>
        {done ? '✓' : '•'}
      </ThemeIcon>
    }
  >
    <Text td={done ? 'line-through' : undefined} c={done ? 'dimmed' : undefined}>
      {children}
    </Text>
  </List.Item>
);

/** The student home's checklist: profile, assessment, then browsing projects. */
export function StudentNextSteps({ onboarded, assessed }: { onboarded: boolean; assessed: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        {t('dashboard.student.next')}
      </Title>
      <List spacing="sm">
        <Step done={onboarded}>{t('dashboard.student.nextProfile')}</Step>
        <Step done={assessed}>{t('dashboard.student.nextAssessment')}</Step>
        <Step done={false}>
          <Anchor href="/dashboard/browse-projects">{t('dashboard.student.nextBrowse')}</Anchor>
        </Step>
      </List>
    </Card>
  );
}
