import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationStatus } from '@mashrou/contracts';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

/** Applications per page of My Applications. */
export const MY_APPLICATIONS_PAGE_SIZE = 10;

export const getMyApplications = (page: number, status?: ApplicationStatus) =>
  call(marketplace.myApplications, { query: { page, pageSize: MY_APPLICATIONS_PAGE_SIZE, status } });

/** One page of the student's applications (of one status, when chosen), most recently updated first. */
export const myApplicationsQuery = (page: number, status?: ApplicationStatus) =>
  queryOptions({ queryKey: ['applications', 'mine', page, status ?? 'all'], queryFn: () => getMyApplications(page, status) });

export const useMyApplications = (page: number, status?: ApplicationStatus) =>
  useQuery({
    ...myApplicationsQuery(page, status),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

/** How quickly the companies of the student's undecided applications usually answer (the student home). */
export const answerTimesQuery = queryOptions({
  queryKey: ['applications', 'answer-times'],
  queryFn: () => call(marketplace.answerTimes),
  staleTime: 10 * 60_000,
});

export const useAnswerTimes = () => useQuery(answerTimesQuery);
