import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ProjectStatus } from '@mashrou/contracts';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';

/** Projects per page of the admin's project list. */
export const ADMIN_PROJECTS_PAGE_SIZE = 20;
/** Applications per page in a project's read-only list. */
export const ADMIN_APPLICATIONS_PAGE_SIZE = 10;

export interface AdminProjectFilter {
  page: number;
  status?: ProjectStatus;
  q?: string;
  companyId?: string;
}

/** One page of every project (or one status, one company, a search), as admins moderate them. */
export const useAdminProjects = (f: AdminProjectFilter) =>
  useQuery({
    queryKey: ['admin', 'projects', 'all', f],
    queryFn: () => call(marketplace.adminProjects, { query: { ...f, pageSize: ADMIN_PROJECTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** A project's applications, read only (each look is in the audit log, so only when asked). */
export const useAdminProjectApplications = (id: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'projects', id, 'applications', page],
    queryFn: () =>
      call(marketplace.adminProjectApplications, { params: { id }, query: { page, pageSize: ADMIN_APPLICATIONS_PAGE_SIZE } }),
    enabled,
    placeholderData: keepPreviousData,
  });

export type ModerationAction =
  | { kind: 'close'; body: BodyOf<typeof marketplace.adminCloseProject> }
  | { kind: 'reopen'; body: BodyOf<typeof marketplace.adminReopenProject> }
  | { kind: 'edit'; body: BodyOf<typeof marketplace.adminEditProject> };

const moderate = (id: string, a: ModerationAction) =>
  a.kind === 'close'
    ? call(marketplace.adminCloseProject, { params: { id }, body: a.body })
    : a.kind === 'reopen'
      ? call(marketplace.adminReopenProject, { params: { id }, body: a.body })
      : call(marketplace.adminEditProject, { params: { id }, body: a.body });

/** Close, reopen or correct a project; the admin's lists are read again. */
export function useModerateProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: ModerationAction) => moderate(id, a),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
    // Changed since it was shown: read it again (the correction form starts over from the new text).
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'project-changed') void qc.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
