import { PROJECT_STATUSES } from '@mashrou/contracts/values';
import { lazyPart } from '../../../components/ui/loaded-part';
import { oneOfParam, pageParam } from '../../../lib/list-params';

/**
 * One project with its applicants (their cards, the forms that move them, their threads): a chunk of
 * its own, so the list of projects does not load it; the server renders a project's address with it.
 */
export const CompanyProjectDetail = lazyPart(() => import('./company-project-detail').then((m) => m.CompanyProjectDetail));

/** View Projects' list: a chunk of its own, so a project's page does not load it. */
export const CompanyProjectList = lazyPart(() => import('./company-project-list').then((m) => m.CompanyProjectList));

/** The page and status of the projects list the address asks for (`?status=open&page=2`). */
export const listViewOf = (params: URLSearchParams) => ({
  status: oneOfParam(params, 'status', PROJECT_STATUSES),
  page: pageParam(params),
});
