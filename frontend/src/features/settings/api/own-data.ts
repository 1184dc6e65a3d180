import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, EmailChangeBody, EmailChangeConfirmBody, DeleteAccountBody } from '@mashrou/contracts';
import { identity, privacy } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';
import { useSetMe } from '../../../lib/auth';

const exportKey = ['me', 'export'] as const;

/** The latest data export; polled while it is being prepared. */
export const useLatestExport = () =>
  useQuery({
    queryKey: exportKey,
    queryFn: () => call(privacy.latestExport),
    refetchInterval: (q) => (q.state.data?.export?.status === 'pending' ? 3_000 : false),
  });

/** Asks for a copy of one's data (built in the background; the link comes by email). */
export function useRequestExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(privacy.requestExport),
    onSuccess: (res) => {
      qc.setQueryData(exportKey, res);
    },
  });
}

export const DeleteAccountFormSchema = DeleteAccountBody;
/** Deletes the account for good (the password confirms it); the caller leaves the signed-in app. */
export const useDeleteAccount = () =>
  useMutation({ mutationFn: (body: BodyOf<typeof privacy.deleteAccount>) => call(privacy.deleteAccount, { body }) });

export const EmailChangeFormSchema = EmailChangeBody;
export const EmailCodeFormSchema = EmailChangeConfirmBody;

/** Change email, step 1: a code goes to the new address. */
export const useRequestEmailChange = () =>
  useMutation({
    mutationFn: (body: BodyOf<typeof identity.requestEmailChange>) => call(identity.requestEmailChange, { body }),
  });

/** Change email, step 2: the code switches the address; the server's new view of the user is kept. */
export function useConfirmEmailChange() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (body: BodyOf<typeof identity.confirmEmailChange>) => call(identity.confirmEmailChange, { body }),
    onSuccess: (res) => {
      setMe(res.user);
    },
  });
}
