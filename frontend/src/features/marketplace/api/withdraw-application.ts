import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const withdrawApplication = (id: string) => call(marketplace.withdraw, { params: { id } });

export function useWithdrawApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['applications'] }),
  });
}
