import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const getCompanyOverview = () => call(marketplace.companyOverview);

/** Counts for the company home. */
export const companyOverviewQuery = queryOptions({ queryKey: ['projects', 'overview'], queryFn: getCompanyOverview });

export const useCompanyOverview = () => useQuery(companyOverviewQuery);
