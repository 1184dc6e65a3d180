import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@mashrou/contracts';
import { alerts } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

const key = ['me', 'saved-searches'] as const;

/** The student's saved searches, newest first. */
export const useSavedSearches = () => useQuery({ queryKey: key, queryFn: ({ signal }) => call(alerts.list, { signal }) });

/** Open projects matching the saved searches (the home page's). */
export const useSuggestions = () =>
  useQuery({ queryKey: ['marketplace', 'suggestions'], queryFn: ({ signal }) => call(alerts.suggestions, { signal }) });

/** Each change reads the list again (and the suggestions, which follow it). */
function useSearchChange<V>(change: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: key }),
        qc.invalidateQueries({ queryKey: ['marketplace', 'suggestions'] }),
      ]);
    },
  });
}

export const useSaveSearch = () => useSearchChange((body: BodyOf<typeof alerts.save>) => call(alerts.save, { body }));

export const useChangeSearch = () =>
  useSearchChange(({ id, instant, daily }: { id: string; instant: boolean; daily: boolean }) =>
    call(alerts.change, { params: { id }, body: { instant, daily } }),
  );

export const useRemoveSearch = () => useSearchChange((id: string) => call(alerts.remove, { params: { id } }));
