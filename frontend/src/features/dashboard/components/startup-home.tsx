import { Button, Card, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useOnboardingOptions } from '../../onboarding/api/onboarding';
import { useCompanyOverview } from '../../marketplace/api/marketplace';
import { useDashboard } from '../use-dashboard';

export function StartupHome() {
  const { t } = useTranslation();
  const { user } = useDashboard();
  const options = useOnboardingOptions();
  const counts = useCompanyOverview();
  return (
    <Stack>
      <PageHeader
        title={t('dashboard.startup.welcome', { name: user.fullName })}
        subtitle={t('dashboard.startup.subtitle', { company: user.companyName ?? '' })}
      />
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {(['pending', 'open', 'closed', 'rejected', 'newApplicants'] as const).map((k) => (
          <Paper key={k} withBorder radius="lg" p="md">
            <Text c="dimmed" fz="sm">
              {t(`market.company.${k}`)}
            </Text>
            <Text fz={26} fw={800}>
              {counts.data?.[k] ?? '–'}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="lg" padding="lg">
          <Title order={3} fz="h4" mb="sm">
            {t('dashboard.startup.call')}
          </Title>
          <Text mb="md">{t('dashboard.startup.callBody')}</Text>
          <Button
            component="a"
            href={options.data?.bookingUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            w="fit-content"
            disabled={!options.data}
          >
            {t('dashboard.startup.book')}
          </Button>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={3} fz="h4" mb="sm">
            {user.onboardingComplete ? t('dashboard.startup.onboarded') : t('dashboard.startup.notOnboarded')}
          </Title>
          {!user.onboardingComplete ? (
            <Button component={Link} to="/signup" w="fit-content">
              {t('dashboard.startup.finish')}
            </Button>
          ) : (
            <ThemeIcon size={40} radius="xl" color="teal">
              ✓
            </ThemeIcon>
          )}
        </Card>
      </SimpleGrid>
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
    </Stack>
  );
}
