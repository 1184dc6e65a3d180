import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const reviewNotification = (id: string) => call(admin.reviewNotification, { params: { id } });

/** Marks one signup notification reviewed; the dashboard is read again. */
export function useReviewNotification() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: reviewNotification, onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }) });
}
