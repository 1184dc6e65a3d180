import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryOf } from '@mashrou/contracts';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

type BrowseQuery = QueryOf<typeof marketplace.browse>;

/** The filters a student picks (the page size is the page's). */
export interface BrowseFilters extends Pick<BrowseQuery, 'q' | 'skill' | 'mode' | 'paid'> {
  maxWeeks?: number;
  sort: NonNullable<BrowseQuery['sort']>;
  page: number;
}

export const getBrowse = (filters: BrowseFilters, signal?: AbortSignal) =>
  call(marketplace.browse, { query: { ...filters, pageSize: 12 }, signal });

/** The filters as the address holds them (`?q=…&mode=remote&page=2`). */
export function browseFiltersOf(params: URLSearchParams): BrowseFilters {
  const maxWeeks = params.get('maxWeeks');
  return {
    q: params.get('q') ?? undefined,
    skill: params.get('skill') ?? undefined,
    mode: (params.get('mode') ?? undefined) as BrowseFilters['mode'],
    paid: (params.get('paid') ?? undefined) as BrowseFilters['paid'],
    maxWeeks: maxWeeks ? Number(maxWeeks) : undefined,
    // With a search, the most relevant first unless another order is chosen.
    sort: (params.get('sort') ?? (params.get('q') ? 'relevance' : 'newest')) as BrowseFilters['sort'],
    page: Number(params.get('page') ?? 1),
  };
}

/** One page of open projects for these filters (the screen's list, and what its route loader starts). */
export const browseQuery = (filters: BrowseFilters) =>
  queryOptions({
    queryKey: ['marketplace', 'browse', filters],
    // A newer search cancels the request of the one it replaces (typing).
    queryFn: ({ signal }) => getBrowse(filters, signal),
  });

/** Open projects for students: search, filters, sort and pages of 12. */
export const useBrowse = (filters: BrowseFilters) =>
  useQuery({
    ...browseQuery(filters),
    placeholderData: keepPreviousData, // keep the last results on screen while a new search loads
  });
