import { Alert, Group, NativeSelect, Skeleton, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { APPLICANT_SORTS, APPLICATION_STATUSES } from '@mashrou/contracts/values';
import { Pager } from '../../../components/ui/pager';
import { StatusSelect } from '../../../components/ui/status-select';
import { errorText } from '../../../lib/error-messages';
import { withParams } from '../../../lib/list-params';
import { APPLICANTS_PAGE_SIZE, APPLICANT_KEYS as KEYS, applicantsViewOf, useApplicants } from '../api/get-applicants';
import { ApplicantCard } from './applicant-card';
import { ShowAllStatuses } from './show-all-statuses';

/**
 * A project's applicants, a page at a time: optionally of one status, newest, oldest or best
 * assessment first (`?applicantStatus=shortlisted&sort=score&applicantPage=2`).
 */
export function ProjectApplicants({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { status, sort, page } = applicantsViewOf(params);
  const applicants = useApplicants(projectId, { page, status, sort });
  const total = applicants.data?.total ?? 0;
  const pages = Math.ceil(total / APPLICANTS_PAGE_SIZE);
  const set = (changes: Record<string, string | number | undefined>, replace = false) => {
    setParams(withParams(params, changes, KEYS.page), { replace });
  };
  return (
    <>
      <Title order={2} fz="h4">
        {t('market.view.applicants', { count: total })}
      </Title>
      <Group align="flex-end">
        <StatusSelect
          label={t('market.view.applicantFilter')}
          allLabel={t('market.view.allStatuses')}
          statuses={APPLICATION_STATUSES}
          labelOf={(s) => t(`market.applicationStatus.${s}`)}
          value={status}
          onChange={(s) => {
            set({ [KEYS.status]: s }, true);
          }}
        />
        <NativeSelect
          label={t('market.view.sort')}
          w={220}
          value={sort}
          data={APPLICANT_SORTS.map((s) => ({ value: s, label: t(`market.view.sorts.${s}`) }))}
          onChange={(e) => {
            const v = e.currentTarget.value;
            set({ [KEYS.sort]: v === 'newest' ? undefined : (APPLICANT_SORTS.find((s) => s === v) ?? undefined) }, true);
          }}
        />
      </Group>
      {applicants.isLoading ? <Skeleton h={120} /> : null}
      {/* Spec §8: lookup errors are shown, never swallowed. */}
      {applicants.isError ? (
        <Alert color="red" role="alert">
          {errorText(applicants.error, t)}
        </Alert>
      ) : null}
      {applicants.data?.total === 0 ? (
        <Group>
          <Text c="dimmed">{status ? t('market.view.noApplicantsWithStatus') : t('market.view.noApplicants')}</Text>
          {status ? (
            <ShowAllStatuses
              size="xs"
              onClick={() => {
                set({ [KEYS.status]: undefined });
              }}
            />
          ) : null}
        </Group>
      ) : null}
      {applicants.data?.items.map((a) => (
        <ApplicantCard key={a.id} a={a} />
      ))}
      {/* Also on a page past the end (an old link), to get back. */}
      {pages > 1 || page > 1 ? (
        <Pager
          total={Math.max(pages, 1)}
          value={page}
          onChange={(p) => {
            set({ [KEYS.page]: p });
          }}
        />
      ) : null}
    </>
  );
}
