import { useEffect, useState, type ChangeEvent } from 'react';
import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { Pager } from '../../../components/ui/pager';
import { useSearchParams } from 'react-router-dom';
import { SaveSearch } from './save-search';
import { useTranslation } from 'react-i18next';
import type { SkillOption } from '@mashrou/contracts';
import { WORK_MODES } from '@mashrou/contracts/values';
import { PageHeader } from '../../../components/ui/page-header';
import { isolate } from '../../../lib/format';
import { withParams } from '../../../lib/list-params';
import { browseFiltersOf, useBrowse } from '../api/get-browse';
import { ProjectCard } from './project-card';
import { startProject } from './project-parts';

/** The filters besides the search's words. */
const FILTER_KEYS = ['skill', 'mode', 'paid', 'maxWeeks'] as const;

/** How long typing pauses before the results follow it. */
const SEARCH_DEBOUNCE_MS = 300;

interface Option {
  value: string;
  label: string;
}

/**
 * A select's options with the address's value among them: a skill, a length or a value an older link
 * holds (or the skills while they load) is shown as chosen, and "Any" can take it off; a native select
 * would show its first option instead, and choosing that would change nothing.
 */
const offering = (options: Option[], value: string | undefined, toOption = (v: string): Option => ({ value: v, label: v })) =>
  !value || options.some((o) => o.value === value) ? options : [...options, toOption(value)];

/** Browse Projects' list: open projects with search, filters, sort and pages (a project opens as `?project=`). */
export function BrowsePage({ suggestedSkills }: { suggestedSkills: SkillOption[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const filters = browseFiltersOf(params);
  const browse = useBrowse(filters);
  const set = (k: string, v: string | null, replace = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (v) next.set(k, v);
        else next.delete(k);
        if (k !== 'page') next.delete('page');
        // A sort chosen for another search does not carry over to a new one.
        if (k === 'q') next.delete('sort');
        return next;
      },
      { replace },
    );
  };
  // The filters are the browser's own selects (no dropdown code to load; a phone shows its own
  // picker): "Any" is the empty value, which takes the filter off. Arrow keys change a select at each
  // step, so a choice replaces the address instead of adding a history entry.
  const any = { value: '', label: t('market.browse.any') };
  const pick = (k: string) => (e: ChangeEvent<HTMLSelectElement>) => {
    set(k, e.currentTarget.value || null, true);
  };
  const maxWeeks = params.get('maxWeeks') ?? '';
  const weeks = (w: string) => ({ value: w, label: t('market.browse.weeks', { count: Number(w) }) });
  // Results follow the typing (a pause of 300 ms), kept in the address without a history entry per letter.
  const typed = text.trim();
  useEffect(() => {
    if (typed === (params.get('q') ?? '')) return;
    const timer = setTimeout(() => {
      set('q', typed || null, true);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a search
  }, [typed]);
  // An empty result with filters on offers to search without them.
  const filtered = FILTER_KEYS.some((k) => params.has(k));
  return (
    <Stack>
      <PageHeader title={t('market.browse.title')} />
      <Card withBorder radius="lg" padding="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            set('q', text.trim() || null);
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('market.browse.search')}
              placeholder={t('market.browse.searchPlaceholder')}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
              }}
              style={{ flex: 1, minWidth: 220 }}
            />
            <NativeSelect
              label={t('market.browse.skill')}
              data={offering([any, ...suggestedSkills], filters.skill)}
              value={filters.skill ?? ''}
              onChange={pick('skill')}
              w={180}
            />
            <NativeSelect
              label={t('market.browse.mode')}
              data={offering([any, ...WORK_MODES.map((m) => ({ value: m, label: t(`market.mode.${m}`) }))], filters.mode)}
              value={filters.mode ?? ''}
              onChange={pick('mode')}
              w={140}
            />
            <NativeSelect
              label={t('market.browse.paid')}
              data={offering(
                [
                  any,
                  { value: 'true', label: t('market.browse.paidOnly') },
                  { value: 'false', label: t('market.browse.unpaidOnly') },
                ],
                filters.paid,
              )}
              value={filters.paid ?? ''}
              onChange={pick('paid')}
              w={140}
            />
            <NativeSelect
              label={t('market.browse.maxWeeks')}
              data={offering(
                [{ value: '', label: t('market.browse.anyLength') }, ...['4', '8', '12', '24'].map(weeks)],
                maxWeeks,
                weeks,
              )}
              value={maxWeeks}
              onChange={pick('maxWeeks')}
              w={140}
            />
            <NativeSelect
              label={t('market.browse.sort')}
              data={[
                ...(filters.q || filters.sort === 'relevance'
                  ? [{ value: 'relevance', label: t('market.browse.relevance') }]
                  : []),
                { value: 'newest', label: t('market.browse.newest') },
                { value: 'deadline', label: t('market.browse.deadline') },
                { value: 'match', label: t('market.browse.match') },
              ]}
              value={filters.sort}
              onChange={pick('sort')}
              w={150}
            />
            <Button type="submit">{t('market.browse.search')}</Button>
          </Group>
        </form>
        {filters.sort === 'match' ? (
          <Text fz="xs" c="dimmed" mt="xs">
            {t('market.browse.matchHint')}
          </Text>
        ) : null}
        {filters.q || filtered ? (
          <Stack mt="xs" gap={0}>
            <SaveSearch
              key={`${filters.q ?? ''}|${filters.skill ?? ''}|${filters.mode ?? ''}|${filters.paid ?? ''}|${String(filters.maxWeeks ?? '')}`}
              filters={{
                q: filters.q,
                skill: filters.skill,
                mode: filters.mode,
                paid: filters.paid === undefined ? undefined : filters.paid === 'true',
                maxWeeks: filters.maxWeeks,
              }}
            />
          </Stack>
        ) : null}
      </Card>
      {browse.isError ? <Alert color="red">{t('common.loadFailed')}</Alert> : null}
      {browse.data ? (
        <Stack gap={2} role="status">
          {browse.data.correctedQuery ? (
            <Text fz="sm" fw={500} data-testid="showing-for">
              {t('market.browse.showingFor', { query: isolate(browse.data.correctedQuery) })}
            </Text>
          ) : null}
          <Text c="dimmed" fz="sm">
            {t('market.browse.results', { count: browse.data.total })}
            {browse.data.totalIsCapped ? '+' : ''}
          </Text>
        </Stack>
      ) : null}
      {browse.isLoading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={220} radius="lg" />
          ))}
        </SimpleGrid>
      ) : null}
      {browse.data?.items.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack gap="sm" align="flex-start">
            {/* Nothing searched or filtered: there are simply no open projects right now. */}
            <Text c="dimmed">{t(filtered || params.has('q') ? 'market.browse.empty' : 'market.browse.noneOpen')}</Text>
            {params.has('q') ? (
              <Button
                variant="light"
                onClick={() => {
                  setText('');
                  set('q', null);
                }}
              >
                {t('market.browse.clearSearch')}
              </Button>
            ) : null}
            {filtered ? (
              <Button
                variant="light"
                onClick={() => {
                  setParams((current) => {
                    const next = new URLSearchParams(current);
                    for (const k of FILTER_KEYS) next.delete(k);
                    next.delete('page');
                    return next;
                  });
                }}
              >
                {t('market.browse.removeFilters')}
              </Button>
            ) : null}
          </Stack>
        </Card>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {browse.data?.items.map((p) => (
          <ProjectCard
            key={p.id}
            p={p}
            onOpen={() => {
              startProject();
              // The list's page stays in the address, to come back to.
              setParams(withParams(params, { project: p.id }, null));
            }}
            onIntent={startProject}
          />
        ))}
      </SimpleGrid>
      {browse.data && browse.data.total > browse.data.pageSize ? (
        <Pager
          total={Math.ceil(browse.data.total / browse.data.pageSize)}
          value={filters.page}
          onChange={(n) => {
            set('page', String(n));
          }}
        />
      ) : null}
    </Stack>
  );
}
