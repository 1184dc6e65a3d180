import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyOverview } from '../api/get-company-overview';

const FIGURES = ['pending', 'open', 'closed', 'rejected', 'newApplicants'] as const;

/** The company home's counts: projects by status and new applicants. */
export function CompanyCounts() {
  const { t } = useTranslation();
  const counts = useCompanyOverview();
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }}>
      {FIGURES.map((k) => (
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
  );
}
