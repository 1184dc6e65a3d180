import { useMutation } from '@tanstack/react-query';
import { type BodyOf, UpdateProfileBody } from '@mashrou/contracts';
import { identity } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';
import { useSetMe } from '../../../lib/auth';

/** The profile form is the api's body (the company name only for companies). */
export const ProfileFormSchema = UpdateProfileBody;

export const updateProfile = (body: BodyOf<typeof identity.updateMe>) => call(identity.updateMe, { body });

/** Saves name, company name and email notifications; the server's new view of the user is kept. */
export function useUpdateProfile() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (res) => {
      setMe(res.user);
    },
  });
}
