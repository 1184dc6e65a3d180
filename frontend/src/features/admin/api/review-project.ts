import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, marketplace, ReviewBody } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';

/**
 * Approve or reject the version shown; a reason is required to reject (an empty one is not sent).
 */
export const ReviewFormSchema = z
  .object({ decision: ReviewBody.shape.decision, reason: z.string(), version: ReviewBody.shape.version })
  .transform(({ decision, reason, version }) => ({ decision, version, ...(reason.trim() ? { reason: reason.trim() } : {}) }))
  .pipe(ReviewBody);

export const reviewProject = (id: string, body: BodyOf<typeof marketplace.reviewProject>, keepalive = false) =>
  call(marketplace.reviewProject, { params: { id }, body, keepalive });

/**
 * Reviews a pending project; the dashboard is read again — also when the project changed since it
 * was shown (`project-changed`), so the admin reads the new text before deciding.
 */
export function useReviewProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    // A decision also finishes when the page closes right after it (its Undo window has passed).
    mutationFn: (body: BodyOf<typeof marketplace.reviewProject>) => reviewProject(id, body, true),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'project-changed') void qc.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
