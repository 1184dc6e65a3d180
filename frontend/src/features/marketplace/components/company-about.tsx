import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompanyProfile } from '@mashrou/contracts';

/** What the company says about itself, on its project pages; nothing when it has not said anything. */
export function CompanyAbout({ name, company }: { name: string; company: CompanyProfile }) {
  const { t } = useTranslation();
  const facts = [company.location, company.size ? t(`companySizes.${company.size}`) : undefined].filter(Boolean);
  if (!company.about && !company.website && !facts.length) return null;
  return (
    <Stack gap={6} data-testid="company-about">
      <Title order={2} fz="h5">
        {t('market.project.aboutCompany', { company: name })}
      </Title>
      {company.about ? (
        <Text dir="auto" fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {company.about}
        </Text>
      ) : null}
      <Group gap="md">
        {facts.length ? (
          <Text fz="sm" c="dimmed" dir="auto">
            {facts.join(' · ')}
          </Text>
        ) : null}
        {company.website ? (
          <Anchor href={company.website} target="_blank" rel="noopener noreferrer nofollow" fz="sm" dir="ltr">
            {company.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
          </Anchor>
        ) : null}
      </Group>
    </Stack>
  );
}
