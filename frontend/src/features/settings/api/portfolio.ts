import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@mashrou/contracts';
import { portfolio } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

const key = ['me', 'portfolio'] as const;

/** The student's portfolio settings, its address, and the reviews they may show. */
export const useOwnPortfolio = () => useQuery({ queryKey: key, queryFn: ({ signal }) => call(portfolio.own, { signal }) });

/** Saves the settings; the answer replaces the ones shown. */
export function useSavePortfolio() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof portfolio.save>) => call(portfolio.save, { body }),
    onSuccess: (data) => {
      qc.setQueryData(key, data);
    },
  });
}
