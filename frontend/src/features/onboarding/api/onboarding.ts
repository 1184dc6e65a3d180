import { useQuery } from '@tanstack/react-query';
import { get, post, put } from '../../../lib/api-client';
import type { User } from '../../auth/api/types';

export interface OnboardingOptions {
  graduationYears: number[];
  bookingUrl: string;
  suggestedSkills: string[];
}

export const useOnboardingOptions = () =>
  useQuery({
    queryKey: ['onboarding', 'options'],
    queryFn: () => get<OnboardingOptions>('/onboarding/options'),
    staleTime: 3_600_000,
  });

export interface StudentInfoInput {
  school: string;
  graduationYear: number;
  whatsapp?: string;
  linkedin?: string;
}
export const saveStudentInfo = (input: StudentInfoInput) => put<{ user: User }>('/onboarding/student', input);
export const completeCompany = () => post<{ user: User }>('/onboarding/company/complete');

export interface AssessmentQuestion {
  id: string;
  category: string;
  prompt: string;
  options: { id: string; label: string }[];
}
export interface AssessmentResult {
  scores: Record<string, number>;
  overall: number;
  skills: string[];
  completedAt: string;
}
export interface AssessmentForm {
  version: number;
  categories: string[];
  questions: AssessmentQuestion[];
  suggestedSkills: string[];
  result: AssessmentResult | null;
}
export const assessmentKey = ['onboarding', 'assessment'] as const;
export const useAssessment = (enabled = true) =>
  useQuery({ queryKey: assessmentKey, queryFn: () => get<AssessmentForm>('/onboarding/assessment'), enabled });
export const submitAssessment = (body: { version: number; answers: Record<string, string>; skills: string[] }) =>
  post<{ result: AssessmentResult }>('/onboarding/assessment', body);
