import { useState } from 'react';
import { Alert, Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Applicant } from '@mashrou/contracts';
import { ApplicationStatusBadge } from '../../../components/ui/project-meta';
import { errorText } from '../../../lib/error-messages';
import { loadOnUse } from '../../../lib/load-on-use';
import { ApplicantStatusForm } from './applicant-status-form';
import { MessageThread } from './message-thread';
import { WorkspacePanel } from './workspace-panel';
import { useSkillLabel } from '../../../lib/onboarding-options';

/** Downloads with retries (lib/upload, with the uploads' code): loaded with the first CV opened. */
const downloads = loadOnUse(() => import('../../../lib/upload'));
/** One applicant as the company sees them: profile, assessment, skills, CV, motivation, and the next move. */
export function ApplicantCard({ a }: { a: Applicant }) {
  const { t } = useTranslation();
  const skillLabel = useSkillLabel();
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const cvUrl = a.cvUrl;
  return (
    <Card withBorder radius="md" padding="md" data-testid="applicant">
      <Group justify="space-between" mb={6}>
        <Stack gap={0}>
          <Text fw={700}>{a.student.fullName}</Text>
          <Text fz="sm" c="dimmed">
            {[a.student.school, a.student.graduationYear].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <ApplicationStatusBadge status={a.status} />
      </Group>
      {a.status === 'accepted' && (a.student.email || a.student.whatsapp) ? (
        <Group gap="xs" mb="xs" data-testid="applicant-contact">
          <Text fz="sm" fw={700}>
            {t('market.view.contact')}
          </Text>
          {a.student.email ? (
            <Anchor href={`mailto:${a.student.email}`} fz="sm" dir="ltr">
              {a.student.email}
            </Anchor>
          ) : null}
          {a.student.whatsapp ? (
            <Anchor
              href={`https://wa.me/${a.student.whatsapp.replace(/\D/g, '')}`}
              target="_blank"
              rel="noopener noreferrer"
              fz="sm"
              dir="ltr"
              aria-label={t('market.view.whatsapp', { number: a.student.whatsapp })}
            >
              {a.student.whatsapp}
            </Anchor>
          ) : null}
        </Group>
      ) : null}
      <Group gap={6} mb="xs">
        <Badge variant="light" color={a.student.assessment ? 'teal' : 'gray'}>
          {a.student.assessment
            ? t('market.view.assessment', { score: a.student.assessment.overall })
            : t('market.view.noAssessment')}
        </Badge>
        {a.student.skills.map((s) => (
          <Badge key={s} variant="outline">
            {skillLabel(s)}
          </Badge>
        ))}
        {a.student.linkedin ? (
          <Anchor href={a.student.linkedin} target="_blank" rel="noopener noreferrer" fz="sm">
            {t('market.view.linkedin')}
          </Anchor>
        ) : null}
        {cvUrl ? (
          <Anchor
            href={cvUrl}
            fz="sm"
            data-testid="open-cv"
            onClick={(e) => {
              // Retried like uploads (spec §9); the plain link stays as a fallback.
              e.preventDefault();
              setDownloadError(null);
              downloads()
                .then(({ downloadFile }) =>
                  downloadFile(cvUrl, `${a.student.fullName} CV.pdf`, { signal: new AbortController().signal }),
                )
                .catch((err: unknown) => {
                  setDownloadError(err);
                });
            }}
          >
            {t('market.view.cv')}
          </Anchor>
        ) : null}
      </Group>
      {a.student.bio ? (
        <>
          <Text fz="sm" fw={600}>
            {t('market.view.about')}
          </Text>
          <Text dir="auto" fz="sm" mb="xs" style={{ whiteSpace: 'pre-wrap' }} data-testid="applicant-bio">
            {a.student.bio}
          </Text>
        </>
      ) : null}
      <Text fz="sm" fw={600}>
        {t('market.view.motivation')}
      </Text>
      <Text dir="auto" fz="sm" mb="xs" style={{ whiteSpace: 'pre-wrap' }}>
        {a.motivation}
      </Text>
      {a.notes ? (
        <Text dir="auto" fz="sm" c="dimmed" fs="italic">
          {a.notes}
        </Text>
      ) : null}
      {downloadError ? (
        <Alert color="red" mt="xs">
          {errorText(downloadError, t, { keys: { 'retry-limit-exceeded': 'errors.download-kept-failing' } })}
        </Alert>
      ) : null}
      {a.nextStatuses.length ? <ApplicantStatusForm applicant={a} /> : null}
      {a.status === 'accepted' ? <WorkspacePanel applicationId={a.id} /> : null}
      <MessageThread applicationId={a.id} status={a.status} />
    </Card>
  );
}
