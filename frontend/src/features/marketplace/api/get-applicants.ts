import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicantSort, ApplicationStatus } from '@mashrou/contracts';
import { APPLICANT_SORTS, APPLICATION_STATUSES } from '@mashrou/contracts/values';
import { oneOfParam, pageParam } from '../../../lib/list-params';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

/** Applicants per page of a project. */
export const APPLICANTS_PAGE_SIZE = 10;

/** Which applicants to show: a page, optionally of one status, in an order. */
export interface ApplicantsView {
  page: number;
  status?: ApplicationStatus;
  sort: ApplicantSort;
}

/** Where the applicant list keeps its state in the address, beside `?project=` (and the projects list's own keys). */
export const APPLICANT_KEYS = { status: 'applicantStatus', sort: 'sort', page: 'applicantPage' } as const;
/** The applicant list's keys, cleared: going back to the projects forgets them. */
export const APPLICANT_LIST_PARAMS = {
  [APPLICANT_KEYS.status]: undefined,
  [APPLICANT_KEYS.sort]: undefined,
  [APPLICANT_KEYS.page]: undefined,
};

/** The applicants the address asks for. */
export const applicantsViewOf = (params: URLSearchParams): ApplicantsView => ({
  status: oneOfParam(params, APPLICANT_KEYS.status, APPLICATION_STATUSES),
  sort: oneOfParam(params, APPLICANT_KEYS.sort, APPLICANT_SORTS) ?? 'newest',
  page: pageParam(params, APPLICANT_KEYS.page),
});

export const getApplicants = (projectId: string, v: ApplicantsView) =>
  call(marketplace.applicants, {
    params: { id: projectId },
    query: { page: v.page, pageSize: APPLICANTS_PAGE_SIZE, status: v.status, sort: v.sort },
  });

/** One page of the applicants of one of the company's projects, with profile and assessment. */
export const applicantsQuery = (projectId: string, v: ApplicantsView) =>
  queryOptions({
    queryKey: ['projects', projectId, 'applicants', v.page, v.status ?? 'all', v.sort],
    queryFn: () => getApplicants(projectId, v),
  });

export const useApplicants = (projectId: string, v: ApplicantsView) =>
  useQuery({
    ...applicantsQuery(projectId, v),
    // The page on screen stays while the next one of the same project loads.
    placeholderData: (previous, query) => (query?.queryKey[1] === projectId ? keepPreviousData(previous) : undefined),
  });
