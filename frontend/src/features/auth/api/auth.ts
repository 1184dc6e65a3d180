import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, get, post } from '../../../lib/api-client';
import type { User } from './types';

export const meKey = ['auth', 'me'] as const;

/** The signed-in user, or null when signed out. */
export async function fetchMe(): Promise<User | null> {
  try {
    return (await get<{ user: User }>('/auth/me')).user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const useMe = () => useQuery({ queryKey: meKey, queryFn: fetchMe, staleTime: 60_000, retry: 1 });

export const useSetMe = () => {
  const qc = useQueryClient();
  return (user: User | null) => qc.setQueryData(meKey, user);
};

export const signIn = (email: string, password: string) => post<{ user: User }>('/auth/signin', { email, password });
export const signOut = () => post<void>('/auth/signout');
export const requestPasswordReset = (email: string) =>
  post<{ success: boolean; message: string }>('/auth/password-reset', { email });
export const resetPassword = (token: string, password: string) => post<void>('/auth/password-reset/confirm', { token, password });

export interface SignUpInput {
  userType: 'student' | 'startup';
  email: string;
  password: string;
  fullName: string;
  companyName?: string;
}
export const signUp = (input: SignUpInput) => post<{ user: User }>('/auth/signup', input);
export const sendVerificationCode = (email: string) => post<{ success: boolean }>('/verify-email', { email });
export const confirmVerificationCode = (email: string, code: string) =>
  post<{ valid: boolean; reason?: string }>('/verify-email/confirm', { email, code });
