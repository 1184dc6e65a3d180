import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AssessmentBody, type BodyOf } from '@mashrou/contracts';
import { onboarding } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';
import { meKey } from '../../../lib/auth';
import { assessmentKey } from './get-assessment';

/** The answers and skills the student gives (the version is the one the questions came with). */
export const AssessmentFormSchema = AssessmentBody.omit({ version: true });

export const submitAssessment = (body: BodyOf<typeof onboarding.submitAssessment>) => call(onboarding.submitAssessment, { body });

/** Scores on the server; the result and the user's `assessmentComplete` are read again. */
export function useSubmitAssessment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitAssessment,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: assessmentKey }), qc.invalidateQueries({ queryKey: meKey })]),
  });
}
