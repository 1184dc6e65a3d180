import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get, patch, post } from '../../../lib/api-client';

export type WorkMode = 'remote' | 'onsite' | 'hybrid';
export type ProjectStatus = 'pending' | 'open' | 'closed' | 'rejected';
export type ApplicationStatus = 'submitted' | 'under_review' | 'shortlisted' | 'accepted' | 'rejected' | 'withdrawn';

export interface ProjectInput {
  title: string;
  description: string;
  requirements: string[];
  skills: string[];
  responsibilities: string[];
  qualifications: string[];
  durationWeeks: number;
  weeklyHours: number;
  workMode: WorkMode;
  location?: string;
  startDate?: string;
  deadline?: string;
  paid: boolean;
  stipend?: number;
}

export interface Project extends ProjectInput {
  id: string;
  companyName: string;
  status: ProjectStatus;
  rejectionReason?: string;
  createdAt: string;
  updatedAt: string;
  applicants?: number;
  newApplicants?: number;
  applied?: boolean;
  application?: Application;
}

export interface Application {
  id: string;
  projectId: string;
  projectTitle: string;
  motivation: string;
  status: ApplicationStatus;
  notes?: string;
  createdAt: string;
  updatedAt: string;
}

export interface Applicant {
  id: string;
  status: ApplicationStatus;
  /** The moves the company may make next (the server's rules). */
  nextStatuses: ApplicationStatus[];
  notes?: string;
  motivation: string;
  /** Set when the student attached a CV; readable by this company with its session. */
  cvUrl?: string;
  createdAt: string;
  student: {
    id?: string;
    fullName: string;
    email?: string;
    school?: string;
    graduationYear?: number;
    linkedin?: string;
    skills: string[];
    assessment?: { overall: number; scores: Record<string, number> };
  };
}

export interface Page<T> {
  items: T[];
  total: number;
  /** Browse counts up to a cap; the real number is larger. */
  totalIsCapped?: boolean;
  page: number;
  pageSize: number;
}

export interface BrowseFilters {
  q?: string;
  skill?: string;
  mode?: WorkMode;
  paid?: 'true' | 'false';
  maxWeeks?: number;
  sort: 'newest' | 'deadline' | 'match';
  page: number;
}

const qs = (f: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(f)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export const useBrowse = (f: BrowseFilters) =>
  useQuery({
    queryKey: ['marketplace', 'browse', f],
    queryFn: () => get<Page<Project>>(`/marketplace/projects?${qs({ ...f, pageSize: 12 })}`),
    placeholderData: keepPreviousData, // keep the last results on screen while a new search loads
  });
export const useStudentProject = (id: string | null) =>
  useQuery({
    queryKey: ['marketplace', 'project', id],
    queryFn: () => get<Project>(`/marketplace/projects/${id}`),
    enabled: Boolean(id),
  });
export const applyTo = (id: string, motivation: string, cvFileId?: string) =>
  post<Application>(`/marketplace/projects/${id}/apply`, { motivation, ...(cvFileId ? { cvFileId } : {}) });
export const useMyApplications = () =>
  useQuery({ queryKey: ['applications', 'mine'], queryFn: () => get<Page<Application>>('/applications/mine?pageSize=100') });
export const withdraw = (id: string) => post<Application>(`/applications/${id}/withdraw`);

export const useMyProjects = () => useQuery({ queryKey: ['projects', 'mine'], queryFn: () => get<Project[]>('/projects/mine') });
export const useCompanyOverview = () =>
  useQuery({
    queryKey: ['projects', 'overview'],
    queryFn: () => get<Record<'pending' | 'open' | 'closed' | 'rejected' | 'newApplicants', number>>('/projects/overview'),
  });
export const useApplicants = (projectId: string | null) =>
  useQuery({
    queryKey: ['projects', projectId, 'applicants'],
    queryFn: () => get<Applicant[]>(`/projects/${projectId}/applications`),
    enabled: Boolean(projectId),
  });
export const createProject = (input: ProjectInput) => post<Project>('/projects', input);
export const updateProject = (id: string, input: Partial<ProjectInput>) => patch<Project>(`/projects/${id}`, input);
export const closeProject = (id: string) => post<Project>(`/projects/${id}/close`);
export const setApplicationStatus = (id: string, status: ApplicationStatus, notes?: string) =>
  patch<Application>(`/applications/${id}/status`, { status, ...(notes ? { notes } : {}) });

export const usePendingProjects = () =>
  useQuery({
    queryKey: ['admin', 'projects', 'pending'],
    queryFn: () => get<Page<Project>>('/admin/projects?status=pending&pageSize=50'),
  });
export const reviewProject = (id: string, decision: 'approve' | 'reject', reason?: string) =>
  post<Project>(`/admin/projects/${id}/review`, { decision, ...(reason ? { reason } : {}) });
