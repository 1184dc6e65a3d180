import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@mashrou/contracts';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const inviteCandidate = (body: BodyOf<typeof admin.invite>) => call(admin.invite, { body });

/** Invites a student to apply (once per project); the rankings are read again. */
export function useInviteCandidate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: inviteCandidate,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'recruit', 'candidates'] }),
  });
}
