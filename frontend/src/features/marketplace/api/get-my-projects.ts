import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectStatus } from '@mashrou/contracts';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

/** Projects per page of the company's projects. */
export const MY_PROJECTS_PAGE_SIZE = 10;

export const getMyProjects = (page: number, status?: ProjectStatus) =>
  call(marketplace.myProjects, { query: { page, pageSize: MY_PROJECTS_PAGE_SIZE, status } });

/** One page of the company's projects (of one status, when chosen), newest first, with applicant counts. */
export const myProjectsQuery = (page: number, status?: ProjectStatus) =>
  queryOptions({ queryKey: ['projects', 'mine', page, status ?? 'all'], queryFn: () => getMyProjects(page, status) });

export const useMyProjects = (page: number, status?: ProjectStatus) =>
  useQuery({
    ...myProjectsQuery(page, status),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });
