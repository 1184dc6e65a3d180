import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@mashrou/contracts';
import { workspace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

/** Reviews people reported, the ones waiting first, a page at a time. */
export const useReportedReviews = (page: number) =>
  useQuery({
    queryKey: ['admin', 'reviews', page],
    queryFn: ({ signal }) => call(workspace.reportedReviews, { query: { page, pageSize: 10 }, signal }),
    placeholderData: keepPreviousData,
  });

/** Hides, keeps or shows again a review; the dashboard (its count) and the list are read again. */
export function useModerateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BodyOf<typeof workspace.moderateReview>['action'] }) =>
      call(workspace.moderateReview, { params: { id }, body: { action } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
