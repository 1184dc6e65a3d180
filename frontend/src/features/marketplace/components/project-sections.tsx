import { Badge, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSkillLabel } from '../../../lib/onboarding-options';

function Section({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <Stack gap={4}>
      <Text fw={700}>{title}</Text>
      <List spacing={2}>
        {items.map((i) => (
          <List.Item key={i}>
            <span dir="auto">{i}</span>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** A project's skills and its lists (requirements, responsibilities, qualifications), as students and its company see them. */
export function ProjectSections({
  p,
}: {
  p: { skills: string[]; requirements: string[]; responsibilities: string[]; qualifications: string[] };
}) {
  const { t } = useTranslation();
  const skillLabel = useSkillLabel();
  return (
    <>
      {p.skills.length ? (
        <Group gap={6}>
          {p.skills.map((s) => (
            <Badge key={s} variant="light">
              {skillLabel(s)}
            </Badge>
          ))}
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Section title={t('market.project.requirements')} items={p.requirements} />
        <Section title={t('market.project.responsibilities')} items={p.responsibilities} />
        <Section title={t('market.project.qualifications')} items={p.qualifications} />
      </SimpleGrid>
    </>
  );
}
