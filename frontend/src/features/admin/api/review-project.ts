import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, marketplace, ReviewBody } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

/** Approve or reject; a reason is required to reject (an empty one is not sent). */
export const ReviewFormSchema = z
  .object({ decision: ReviewBody.shape.decision, reason: z.string() })
  .transform(({ decision, reason }) => ({ decision, ...(reason.trim() ? { reason: reason.trim() } : {}) }))
  .pipe(ReviewBody);

export const reviewProject = (id: string, body: BodyOf<typeof marketplace.reviewProject>) =>
  call(marketplace.reviewProject, { params: { id }, body });

/** Reviews a pending project; the dashboard is read again. */
export function useReviewProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof marketplace.reviewProject>) => reviewProject(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
