import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@mashrou/contracts';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const setApplicationStatus = (id: string, body: BodyOf<typeof marketplace.setApplicationStatus>, keepalive = false) =>
  call(marketplace.setApplicationStatus, { params: { id }, body, keepalive });

/** Moves an applicant; the company's projects and applicants are read again. */
export function useSetApplicationStatus(id: string) {
  const qc = useQueryClient();
  return useMutation({
    // A final decision also finishes when the page closes right after it (its Undo window has passed).
    mutationFn: (body: BodyOf<typeof marketplace.setApplicationStatus>) => setApplicationStatus(id, body, true),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
