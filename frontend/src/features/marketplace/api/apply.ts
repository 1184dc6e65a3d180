import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@mashrou/contracts';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

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
