import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Project } from '@mashrou/contracts';
import { ConfirmModal, preloadConfirm } from '../../../components/ui/confirm-modal';
import { ProjectMeta, ProjectStatusBadge } from '../../../components/ui/project-meta';
import { useFocusOnChange } from '../../../lib/use-focus-on-change';
import { useCloseProject } from '../api/close-project';
import { useOwnProject } from '../api/get-own-project';
import { BackArrow } from '../../../components/ui/back-arrow';
import { errorText } from '../../../lib/error-messages';
import { ProjectSections } from './project-sections';
import { ProjectApplicants } from './project-applicants';

/** One of the company's projects (`?project=…`), read afresh: the list's page may not hold it. */
export function CompanyProjectDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const project = useOwnProject(id);
  return (
    <Stack>
      <Anchor component="button" onClick={onBack} w="fit-content">
        <BackArrow /> {t('market.view.back')}
      </Anchor>
      {project.isLoading ? <Skeleton h={200} /> : null}
      {project.isError ? (
        <Alert color="red" role="alert">
          {errorText(project.error, t)}
        </Alert>
      ) : null}
      {project.data ? <ProjectDetail p={project.data} /> : null}
    </Stack>
  );
}

/** The project: edit while pending or rejected, close while open, and its applicants. */
function ProjectDetail({ p }: { p: Project }) {
  const { t } = useTranslation();
  const close = useCloseProject();
  const [asking, setAsking] = useState(false);
  const heading = useFocusOnChange(p.id, true);
  return (
    <>
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
                setAsking(true);
              }}
              onPointerEnter={preloadConfirm}
              onFocus={preloadConfirm}
            >
              {t('market.view.close')}
            </Button>
          ) : null}
        </Group>
      </Card>
      <ConfirmModal
        opened={asking}
        title={t('market.view.closeTitle')}
        confirmLabel={t('market.view.closeOk')}
        color="red"
        onCancel={() => {
          setAsking(false);
        }}
        onConfirm={() => {
          setAsking(false);
          close.mutate(p.id);
        }}
      >
        {t('market.view.closeConfirm', { project: p.title })}
      </ConfirmModal>
      <ProjectApplicants projectId={p.id} />
    </>
  );
}
