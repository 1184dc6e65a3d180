import { useQuery } from '@tanstack/react-query';
import { marketplace } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

export const getMyApplications = () => call(marketplace.myApplications, { query: { pageSize: 100 } });

/** The student's applications, most recently updated first. */
export const useMyApplications = () => useQuery({ queryKey: ['applications', 'mine'], queryFn: getMyApplications });
