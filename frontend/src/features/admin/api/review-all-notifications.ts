import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const reviewAllNotifications = () => call(admin.reviewAll);

/** Marks every pending signup notification reviewed; the dashboard is read again. */
export function useReviewAllNotifications() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: reviewAllNotifications, onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }) });
}
