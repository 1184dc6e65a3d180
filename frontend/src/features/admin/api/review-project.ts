import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@mashrou/contracts';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';

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
