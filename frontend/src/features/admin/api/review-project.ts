import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, ReviewBody, type BodyOf } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

/** Approve or reject; a reason is required to reject (an empty one is not sent). */
export const ReviewFormSchema = z
  .object({ decision: ReviewBody.shape.decision, reason: z.string() })
  .transform(({ decision, reason }) => ({ decision, ...(reason.trim() ? { reason: reason.trim() } : {}) }))
  .pipe(ReviewBody);

export const reviewProject = (id: string, body: BodyOf<typeof api.marketplace.reviewProject>) =>
  call(api.marketplace.reviewProject, { params: { id }, body });

/** Reviews a pending project; the dashboard is read again. */
export function useReviewProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.marketplace.reviewProject>) => reviewProject(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
