import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompanyProject } from '@mashrou/contracts';
import { ProjectMeta, ProjectStatusBadge } from '../../../components/ui/project-meta';
import { useFocusOnChange } from '../../../lib/use-focus-on-change';
import { useCloseProject } from '../api/close-project';
import { useApplicants } from '../api/get-applicants';
import { ApplicantCard } from './applicant-card';
import { BackArrow } from '../../../components/ui/back-arrow';
import { errorText } from '../../../lib/error-messages';
import { ProjectSections } from './project-sections';

/** One of the company's projects: edit while pending or rejected, close while open, and its applicants. */
export function CompanyProjectDetail({ p, onBack }: { p: CompanyProject; onBack: () => void }) {
  const { t } = useTranslation();
  const applicants = useApplicants(p.id);
  const close = useCloseProject();
  const heading = useFocusOnChange(p.id, true);
  return (
    <Stack>
      <Anchor component="button" onClick={onBack} w="fit-content">
        <BackArrow /> {t('market.view.back')}
      </Anchor>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="xs">
          <Title order={1} fz="h3" ref={heading} tabIndex={-1}>
            {p.title}
          </Title>
          <ProjectStatusBadge status={p.status} />
        </Group>
        <ProjectMeta p={p} />
        {p.status === 'rejected' && p.rejectionReason ? (
          <Alert color="red" mt="sm">
            {t('market.view.rejected', { reason: p.rejectionReason })}
          </Alert>
        ) : null}
        <Stack mt="sm">
          <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
            {p.description}
          </Text>
          <ProjectSections p={p} />
        </Stack>
        {close.isError ? (
          <Alert color="red" role="alert" mt="sm">
            {t('market.view.closeFailed', { reason: errorText(close.error, t) })}
          </Alert>
        ) : null}
        <Group mt="md">
          {p.status === 'pending' || p.status === 'rejected' ? (
            <Button component="a" href={`/dashboard/create-project?edit=${p.id}`} variant="light">
              {t('market.view.edit')}
            </Button>
          ) : null}
          {p.status === 'open' ? (
            <Button
              color="red"
              variant="light"
              loading={close.isPending}
              onClick={() => {
                if (window.confirm(t('market.view.closeConfirm'))) close.mutate(p.id);
              }}
            >
              {t('market.view.close')}
            </Button>
          ) : null}
        </Group>
      </Card>
      <Title order={3} fz="h4">
        {t('market.view.applicants', { count: applicants.data?.length ?? 0 })}
      </Title>
      {applicants.isLoading ? <Skeleton h={120} /> : null}
      {applicants.isError ? (
        <Alert color="red" role="alert">
          {errorText(applicants.error, t)}
        </Alert>
      ) : null}
      {applicants.data?.length === 0 ? <Text c="dimmed">{t('market.view.noApplicants')}</Text> : null}
      {applicants.data?.map((a) => (
        <ApplicantCard key={a.id} a={a} />
      ))}
    </Stack>
  );
}
