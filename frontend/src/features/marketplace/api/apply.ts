import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApplyBody, type BodyOf, marketplace } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';
import type { UploadedFile } from '../../../lib/upload';

/** The motivation, and the CV as uploaded (sent as its id). */
export const ApplyFormSchema = ApplyBody.pick({ motivation: true })
  .extend({ cv: z.custom<UploadedFile>().nullable() })
  .transform(({ motivation, cv }) => ({ motivation, ...(cv ? { cvFileId: cv.id } : {}) }));

export const applyTo = (id: string, body: BodyOf<typeof marketplace.apply>) => call(marketplace.apply, { params: { id }, body });

/** Applies once to an open project; the project and the student's applications are read again, then `onApplied` runs. */
export function useApply(projectId: string, onApplied?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof marketplace.apply>) => applyTo(projectId, body),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['marketplace'] });
      await qc.invalidateQueries({ queryKey: ['applications'] });
      onApplied?.();
    },
  });
}
