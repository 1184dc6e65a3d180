import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { marketplace, type QueryOf } from '@mashrou/contracts';
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

/** Open projects for students: search, filters, sort and pages of 12. */
export const useBrowse = (filters: BrowseFilters) =>
  useQuery({
    queryKey: ['marketplace', 'browse', filters],
    // A newer search cancels the request of the one it replaces (typing).
    queryFn: ({ signal }) => getBrowse(filters, signal),
    placeholderData: keepPreviousData, // keep the last results on screen while a new search loads
  });
