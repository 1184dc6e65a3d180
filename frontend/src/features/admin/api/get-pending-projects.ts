import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const getPendingProjects = () => call(marketplace.adminProjects, { query: { status: 'pending', pageSize: 50 } });

/** Projects awaiting review, oldest first. */
export const pendingProjectsQuery = queryOptions({ queryKey: ['admin', 'projects', 'pending'], queryFn: getPendingProjects });

export const usePendingProjects = () => useQuery(pendingProjectsQuery);
