import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const getAudit = (page: number) => call(admin.audit, { query: { page, pageSize: 20 } });

/** The audit log of admin actions, newest first. */
export const useAudit = (page: number) =>
  useQuery({ queryKey: ['admin', 'audit', page], queryFn: () => getAudit(page), placeholderData: keepPreviousData });
