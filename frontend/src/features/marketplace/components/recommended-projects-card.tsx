import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrowse } from '../api/get-browse';
import { projectHref } from '../links';

/** The student home's best matches: open projects still to apply to. */
export function RecommendedProjectsCard() {
  const { t } = useTranslation();
  const recommended = useBrowse({ sort: 'match', page: 1 });
  const fresh = (recommended.data?.items ?? []).filter((p) => !p.applied);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        {t('market.student.recommended')}
      </Title>
      {recommended.data && fresh.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          {/* Applied to every best match already, or no open project at all. */}
          <Text c="dimmed">{t(recommended.data.items.length ? 'market.student.allApplied' : 'market.student.noneYet')}</Text>
          {recommended.data.items.length ? (
            <Button component="a" href="/dashboard/browse-projects" variant="light" size="xs">
              {t('market.mine.browse')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <Stack gap="xs">
        {fresh.slice(0, 5).map((p) => (
          <Anchor key={p.id} href={projectHref(p.id)}>
            {p.title}{' '}
            <Text span c="dimmed" fz="sm">
              · {p.companyName}
            </Text>
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}
