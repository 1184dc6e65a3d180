import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@mashrou/contracts';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const updateProject = (id: string, body: BodyOf<typeof marketplace.updateProject>) =>
  call(marketplace.updateProject, { params: { id }, body });

/** Saves an edit of a pending or rejected project (a rejected one is resubmitted). */
export function useUpdateProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof marketplace.updateProject>) => updateProject(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}
