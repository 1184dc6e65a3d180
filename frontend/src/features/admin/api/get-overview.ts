import { queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const getOverview = () => call(admin.overview);

/** The dashboard figures; they refresh every 30 s while the dashboard is open. */
export const overviewQuery = queryOptions({ queryKey: ['admin', 'overview'], queryFn: getOverview });

export const useOverview = () => useQuery({ ...overviewQuery, refetchInterval: 30_000 });
