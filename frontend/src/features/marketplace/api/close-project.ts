import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const closeProject = (id: string) => call(marketplace.closeProject, { params: { id } });

export function useCloseProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: closeProject,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}
