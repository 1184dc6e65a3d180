import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, StudentInfoBody } from '@mashrou/contracts';
import { onboarding } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';
import { useSetMe } from '../../../lib/auth';

/** The api's body; the graduation year is picked as text and sent as a number. */
export const StudentInfoFormSchema = StudentInfoBody.extend({
  graduationYear: z.string().min(1, 'required').transform(Number).pipe(StudentInfoBody.shape.graduationYear),
});

export const saveStudentInfo = (body: BodyOf<typeof onboarding.saveStudentInfo>) => call(onboarding.saveStudentInfo, { body });

/** Saves the student info form, which completes onboarding: the server's new view of the user is kept. */
export function useSaveStudentInfo() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: saveStudentInfo,
    onSuccess: (res) => {
      setMe(res.user);
    },
  });
}
