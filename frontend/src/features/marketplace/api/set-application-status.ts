import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, marketplace, StatusBody } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

/** The next status (none picked yet) and an optional note to the student (an empty note is not sent). */
export const StatusFormSchema = z
  .object({ status: z.string().nullable(), notes: z.string() })
  .transform(({ status, notes }): { status: string | null; notes?: string } => ({ status, notes: notes.trim() || undefined }))
  .pipe(StatusBody);

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
