import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/api-client';

export interface Overview {
  users: Record<'students' | 'startups' | 'admins' | 'verified' | 'onboarded' | 'assessed' | 'last7days' | 'total', number>;
  pendingNotifications: number;
}
export interface SignupNotification {
  id: string;
  type: 'signup';
  email: string;
  fullName: string;
  userType: string;
  signupTime: string;
  status: 'pending' | 'reviewed';
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const useOverview = () => useQuery({ queryKey: ['admin', 'overview'], queryFn: () => get<Overview>('/admin/overview') });
export const useSignupNotifications = (page: number) =>
  useQuery({
    queryKey: ['admin', 'notifications', page],
    queryFn: () => get<Page<SignupNotification>>(`/admin/notifications?page=${page}&pageSize=10`),
  });

export function useReviewNotifications() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['admin'] });
  return {
    one: useMutation({ mutationFn: (id: string) => post(`/admin/notifications/${id}/review`), onSuccess: done }),
    all: useMutation({ mutationFn: () => post('/admin/notifications/review-all'), onSuccess: done }),
  };
}
