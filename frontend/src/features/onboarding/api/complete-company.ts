import { useMutation } from '@tanstack/react-query';
import { onboarding } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';
import { useSetMe } from '../../../lib/auth';

export const completeCompany = () => call(onboarding.completeCompany);

/** Finishes the company step (after booking a call), which completes onboarding. */
export function useCompleteCompany() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: completeCompany,
    onSuccess: (res) => {
      setMe(res.user);
    },
  });
}
