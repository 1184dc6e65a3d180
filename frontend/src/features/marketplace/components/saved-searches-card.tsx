import { Alert, Anchor, Button, Card, Checkbox, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SavedSearch } from '@mashrou/contracts';
import { errorText } from '../../../lib/error-messages';
import { useSkillLabel } from '../../../lib/onboarding-options';
import { projectHref } from '../links';
import { useChangeSearch, useRemoveSearch, useSavedSearches, useSuggestions } from '../api/saved-searches';

/** A saved search in words: its words, then its filters (a skill in the reader's words). */
function useDescribe() {
  const { t } = useTranslation();
  const skillLabel = useSkillLabel();
  return (s: SavedSearch) =>
    [
      s.q ? `“${s.q}”` : null,
      s.skill ? skillLabel(s.skill) : null,
      s.mode ? t(`market.mode.${s.mode}`) : null,
      s.paid === null ? null : t(s.paid ? 'market.saved.paid' : 'market.saved.unpaid'),
      s.maxWeeks ? t('market.saved.maxWeeks', { count: s.maxWeeks }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
}

/** The student home's projects matching their saved searches (newest first, not applied to). */
export function SuggestionsCard() {
  const { t } = useTranslation();
  const suggestions = useSuggestions();
  const items = suggestions.data?.items ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="suggestions-title">
      <Title order={2} fz="h4" mb="sm" id="suggestions-title">
        {t('market.saved.suggestions')}
      </Title>
      {suggestions.isLoading ? <Skeleton h={60} /> : null}
      {suggestions.data && !items.length ? <Text c="dimmed">{t('market.saved.noSuggestions')}</Text> : null}
      <Stack gap="xs">
        {items.map((p) => (
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

/** The student's saved searches: how each alerts them (in the app, a daily email), and deleting one. */
export function SavedSearchesCard() {
  const { t } = useTranslation();
  const list = useSavedSearches();
  const change = useChangeSearch();
  const remove = useRemoveSearch();
  const describe = useDescribe();
  const items = list.data?.items ?? [];
  const error = change.error ?? remove.error;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="saved-searches-title">
      <Title order={2} fz="h4" mb="sm" id="saved-searches-title">
        {t('market.saved.title')}
      </Title>
      {list.isLoading ? <Skeleton h={60} /> : null}
      {error ? (
        <Alert color="red" role="alert" mb="xs">
          {errorText(error, t)}
        </Alert>
      ) : null}
      {list.data && !items.length ? (
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">{t('market.saved.none')}</Text>
          <Button component="a" href="/dashboard/browse-projects" variant="light" size="xs">
            {t('market.mine.browse')}
          </Button>
        </Stack>
      ) : null}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((s) => {
          const name = describe(s);
          return (
            <li key={s.id} data-testid="saved-search">
              <Text fz="sm" fw={600} dir="auto">
                {name}
              </Text>
              <Group gap="md" mt={4}>
                <Checkbox
                  size="xs"
                  label={t('market.saved.instant')}
                  checked={s.instant}
                  disabled={change.isPending}
                  onChange={(e) => {
                    change.mutate({ id: s.id, instant: e.currentTarget.checked, daily: s.daily });
                  }}
                />
                <Checkbox
                  size="xs"
                  label={t('market.saved.daily')}
                  checked={s.daily}
                  disabled={change.isPending}
                  onChange={(e) => {
                    change.mutate({ id: s.id, instant: s.instant, daily: e.currentTarget.checked });
                  }}
                />
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  disabled={remove.isPending}
                  aria-label={t('market.saved.removeNamed', { name })}
                  onClick={() => {
                    remove.mutate(s.id);
                  }}
                >
                  {t('market.saved.remove')}
                </Button>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Card>
  );
}
