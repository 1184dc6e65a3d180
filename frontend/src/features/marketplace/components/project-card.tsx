import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BrowseProject } from '@mashrou/contracts';
import { ProjectMeta } from '../../../components/ui/project-meta';
import { MarkedText } from '../../../components/ui/marked-text';
import { useSkillLabel } from '../../../lib/onboarding-options';

/**
 * One search result: title, company, facts, the start of the description (with a search: the part that
 * matched, its words marked) and skills. `onIntent`: its View button is about to be pressed (the
 * pointer on it, a touch, keyboard focus).
 */
export function ProjectCard({ p, onOpen, onIntent }: { p: BrowseProject; onOpen: () => void; onIntent?: () => void }) {
  const { t } = useTranslation();
  const skillLabel = useSkillLabel();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="project-card">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={700} dir="auto">
              {p.highlight ? <MarkedText text={p.highlight.title} /> : p.title}
            </Text>
            <Text fz="sm" c="dimmed">
              {p.companyName}
            </Text>
          </Stack>
          {p.applied ? <Badge color="teal">{t('market.browse.applied')}</Badge> : null}
        </Group>
        <ProjectMeta p={p} />
        <Text dir="auto" fz="sm" lineClamp={3} data-testid="project-excerpt">
          {p.highlight?.excerpt ? <MarkedText text={p.highlight.excerpt} /> : p.description}
        </Text>
        <Group gap={4}>
          {p.skills.slice(0, 5).map((s) => (
            <Badge key={s} size="sm" variant="light">
              {skillLabel(s)}
            </Badge>
          ))}
        </Group>
        <Button variant="light" mt="auto" onClick={onOpen} onPointerEnter={onIntent} onFocus={onIntent}>
          {t('market.browse.view')}
        </Button>
      </Stack>
    </Card>
  );
}
