import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, get, patch, post } from '../../../lib/api-client';

export type Role = 'student' | 'startup' | 'admin';

export interface QueueHealth {
  name: string;
  ok: boolean;
  waiting: number;
  active: number;
  failed: number;
  delayed: number;
  completed: number;
}
export interface Overview {
  users: Record<'students' | 'startups' | 'admins' | 'verified' | 'onboarded' | 'assessed' | 'last7days' | 'total', number>;
  pendingNotifications: number;
  signupsPerDay: { day: string; count: number }[];
  projectsByStatus: Record<'pending' | 'open' | 'closed' | 'rejected', number>;
  applicationsByStatus: Record<'submitted' | 'under_review' | 'shortlisted' | 'accepted' | 'rejected' | 'withdrawn', number>;
  medianResponseHours: number | null;
  answeredLast90Days: number;
  queues: QueueHealth[];
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

/** The dashboard refreshes itself every 30 s while open. */
export const useOverview = () =>
  useQuery({ queryKey: ['admin', 'overview'], queryFn: () => get<Overview>('/admin/overview'), refetchInterval: 30_000 });
export const useSignupNotifications = (page: number) =>
  useQuery({
    queryKey: ['admin', 'notifications', page],
    queryFn: () => get<Page<SignupNotification>>(`/admin/notifications?page=${page}&pageSize=10`),
    refetchInterval: 30_000,
  });

export function useReviewNotifications() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['admin'] });
  return {
    one: useMutation({ mutationFn: (id: string) => post(`/admin/notifications/${id}/review`), onSuccess: done }),
    all: useMutation({ mutationFn: () => post('/admin/notifications/review-all'), onSuccess: done }),
  };
}

// ---- Manage Users ----------------------------------------------------------------------------

export interface UserRow {
  id: string;
  email: string;
  fullName: string;
  companyName?: string;
  userType: Role;
  verified: boolean;
  onboardingComplete: boolean;
  assessmentComplete: boolean;
  active: boolean;
  createdAt: string;
}
export interface AuditEntry {
  id: string;
  actor: string;
  action: string;
  targetType: string;
  targetId?: string;
  target?: string;
  details: Record<string, unknown>;
  createdAt: string;
}
export interface UserDetail extends UserRow {
  school?: string;
  graduationYear?: number;
  whatsapp?: string;
  linkedin?: string;
  emailNotifications: boolean;
  assessment?: { overall: number; scores: Record<string, number>; skills: string[]; completedAt: string };
  projects: { id: string; title: string; status: string; applicants: number; createdAt: string }[];
  applications: { id: string; projectId: string; projectTitle: string; status: string; updatedAt: string }[];
  invitations: { projectId: string; projectTitle: string; createdAt: string }[];
  audit: AuditEntry[];
}
export interface UserFilters {
  q: string;
  role: '' | Role;
  verified: '' | 'true' | 'false';
  onboarded: '' | 'true' | 'false';
  active: '' | 'true' | 'false';
  page: number;
}

const qs = (o: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(
    Object.entries(o)
      .filter(([, v]) => v !== '' && v !== undefined && v !== false)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export const useUsers = (f: UserFilters) =>
  useQuery({
    queryKey: ['admin', 'users', f],
    queryFn: () => get<Page<UserRow>>(`/admin/users?${qs({ ...f, pageSize: 20 })}`),
    placeholderData: keepPreviousData,
  });
export const useUser = (id: string | null) =>
  useQuery({ queryKey: ['admin', 'user', id], queryFn: () => get<UserDetail>(`/admin/users/${id}`), enabled: !!id });
export const useAudit = (page: number) =>
  useQuery({
    queryKey: ['admin', 'audit', page],
    queryFn: () => get<Page<AuditEntry>>(`/admin/audit?page=${page}&pageSize=20`),
    placeholderData: keepPreviousData,
  });

export function useUserActions(id: string) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['admin'] });
  return {
    role: useMutation({ mutationFn: (role: Role) => patch(`/admin/users/${id}/role`, { role }), onSuccess: done }),
    deactivate: useMutation({ mutationFn: () => post(`/admin/users/${id}/deactivate`), onSuccess: done }),
    reactivate: useMutation({ mutationFn: () => post(`/admin/users/${id}/reactivate`), onSuccess: done }),
    remove: useMutation({ mutationFn: () => api('DELETE', `/admin/users/${id}`), onSuccess: done }),
  };
}

// ---- AI Recruitment --------------------------------------------------------------------------

export interface PickProject {
  id: string;
  title: string;
  companyName: string;
  skills: string[];
}
export interface PickStudent {
  id: string;
  fullName: string;
  email: string;
  school?: string;
}
/** Why a score is what it is: worded by the page through `admin.recruit.reasons.<code>`. */
export type Reason = { code: string } & Record<string, string | number>;

export interface Candidate {
  id: string;
  fullName: string;
  email: string;
  school?: string;
  graduationYear?: number;
  assessment?: number;
  score: number;
  parts: Record<'skills' | 'text' | 'assessment' | 'graduation' | 'availability', number>;
  reasons: Reason[];
  applied: boolean;
  invitedAt?: string;
}
export interface Candidates extends Page<Candidate> {
  project: PickProject;
  weights: Record<'skills' | 'text' | 'assessment' | 'graduation' | 'availability', number>;
}
export interface ProjectMatch {
  id: string;
  title: string;
  companyName: string;
  skills: string[];
  score: number;
  parts: Record<'skills' | 'text' | 'freshness', number>;
  reasons: Reason[];
  applied: boolean;
}
export interface ProjectMatches extends Page<ProjectMatch> {
  student: { id: string; fullName: string; school?: string; graduationYear?: number; skills: string[]; assessment?: number };
  weights: Record<'skills' | 'text' | 'freshness', number>;
}
export interface CandidateFilters {
  school: string;
  graduationYear: number | '';
  minScore: number;
  notApplied: boolean;
  page: number;
}

export const useOpenProjects = (q: string) =>
  useQuery({
    queryKey: ['admin', 'recruit', 'projects', q],
    queryFn: () => get<PickProject[]>(`/admin/recruitment/projects?${qs({ q })}`),
    placeholderData: keepPreviousData,
  });
export const useStudentsToPick = (q: string) =>
  useQuery({
    queryKey: ['admin', 'recruit', 'students', q],
    queryFn: () => get<PickStudent[]>(`/admin/recruitment/students?${qs({ q })}`),
    placeholderData: keepPreviousData,
  });
export const useCandidates = (projectId: string | null, f: CandidateFilters) =>
  useQuery({
    queryKey: ['admin', 'recruit', 'candidates', projectId, f],
    queryFn: () => get<Candidates>(`/admin/recruitment/projects/${projectId}/candidates?${qs({ ...f, pageSize: 20 })}`),
    enabled: !!projectId,
    placeholderData: keepPreviousData,
  });
export const useProjectMatches = (studentId: string | null, page: number) =>
  useQuery({
    queryKey: ['admin', 'recruit', 'matches', studentId, page],
    queryFn: () => get<ProjectMatches>(`/admin/recruitment/students/${studentId}/projects?page=${page}&pageSize=20`),
    enabled: !!studentId,
    placeholderData: keepPreviousData,
  });
export function useInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { projectId: string; studentId: string }) => post('/admin/recruitment/invitations', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'recruit', 'candidates'] }),
  });
}
