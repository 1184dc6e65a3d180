import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, CompanyProfileBody, type StudentProfile, StudentProfileBody } from '@mashrou/contracts';
import { onboarding } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';
import { meKey } from '../../../lib/me-key';
import { studentProfileKey } from '../../../lib/student-profile';

/** The api's body; the graduation year is picked as text and sent as a number. */
export const StudentProfileFormSchema = StudentProfileBody.extend({
  graduationYear: z.string().min(1, 'required').transform(Number).pipe(StudentProfileBody.shape.graduationYear),
});
export const CompanyProfileFormSchema = CompanyProfileBody;

/** Every change answers the whole profile: it replaces what is kept, and the account (its school) is read again. */
function useProfileChange<A>(fn: (arg: A) => Promise<StudentProfile>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (profile) => {
      qc.setQueryData(studentProfileKey, profile);
      await qc.invalidateQueries({ queryKey: meKey });
    },
  });
}

export const useSaveStudentProfile = () =>
  useProfileChange((body: BodyOf<typeof onboarding.saveStudentProfile>) => call(onboarding.saveStudentProfile, { body }));
export const useSetProfileCv = () => useProfileChange((fileId: string) => call(onboarding.setProfileCv, { body: { fileId } }));
export const useRemoveProfileCv = () => useProfileChange(() => call(onboarding.removeProfileCv));

export const companyProfileKey = ['profile', 'company'] as const;

export const useCompanyProfile = () =>
  useQuery({ queryKey: companyProfileKey, queryFn: () => call(onboarding.companyProfile), staleTime: 60_000 });

export function useSaveCompanyProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof onboarding.saveCompanyProfile>) => call(onboarding.saveCompanyProfile, { body }),
    onSuccess: (profile) => {
      qc.setQueryData(companyProfileKey, profile);
    },
  });
}
