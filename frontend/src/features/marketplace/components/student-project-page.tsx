import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectMeta, ApplicationStatusBadge } from '../../../components/ui/project-meta';
import { errorText } from '../../../lib/error-messages';
import { useFocusOnChange } from '../../../lib/use-focus-on-change';
import { useStudentProject } from '../api/get-student-project';
import { LoadedPart } from '../../../components/ui/loaded-part';
import { answerTime, formatClosing, formatDate } from '../../../lib/format';
import { BackArrow } from '../../../components/ui/back-arrow';
import { ProjectSections } from './project-sections';
import { CompanyAbout } from './company-about';
import { ApplyForm } from './project-parts';

/** Today as the api counts deadlines (UTC, YYYY-MM-DD). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * A project as a student sees it: the facts, then the application (or the one already sent). A
 * project the student applied to stays readable once it is closed, without the form.
 */
export function StudentProjectPage({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const project = useStudentProject(id);
  const p = project.data;
  const heading = useFocusOnChange(p?.id, true);
  const [sent, setSent] = useState(false);
  const sentRef = useFocusOnChange<HTMLDivElement>(sent ? 'sent' : null);
  const closed = p ? p.status !== 'open' || (p.deadline != null && p.deadline < today()) : false;
  return (
    <Stack maw={860}>
      <Anchor component="button" onClick={onBack} w="fit-content">
        <BackArrow /> {t('market.project.back')}
      </Anchor>
      {project.isLoading ? <Skeleton h={240} /> : null}
      {project.isError ? <Alert color="red">{errorText(project.error, t)}</Alert> : null}
      {p ? (
        <Card withBorder radius="lg" padding="lg">
          <Stack>
            <Stack gap={2}>
              <Title order={1} fz="h2" ref={heading} tabIndex={-1}>
                {p.title}
              </Title>
              <Text c="dimmed">{p.companyName}</Text>
              {p.companyAnswersInHours !== undefined ? (
                <Text fz="sm" c="dimmed" data-testid="answer-time">
                  {t('market.answersWithinShort', { time: answerTime(t, p.companyAnswersInHours) })}
                </Text>
              ) : null}
              {p.companyRating ? (
                <Text fz="sm" c="dimmed" data-testid="company-rating">
                  {t('market.companyRating', { value: p.companyRating.average, count: p.companyRating.count })}
                </Text>
              ) : null}
            </Stack>
            <ProjectMeta p={p} deadline={closed} />
            {p.deadline && !closed ? (
              <Text fz="sm" c="dimmed">
                {t('market.closesAt', { at: formatClosing(p.deadline) })}
              </Text>
            ) : null}
            <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
              {p.description}
            </Text>
            <ProjectSections p={p} />
            <CompanyAbout name={p.companyName} company={p.company} />
            {sent ? (
              <Alert color="teal" role="status" title={t('market.project.sentTitle')} ref={sentRef} tabIndex={-1}>
                {t('market.project.sentBody')}{' '}
                <Anchor fz="sm" href="/dashboard/my-applications">
                  {t('market.project.followIt')}
                </Anchor>
              </Alert>
            ) : null}
            {closed ? <Alert color="gray">{t('market.project.closed')}</Alert> : null}
            {p.application ? (
              <Alert color="teal">
                <Group gap="xs">
                  {t('market.project.already', { date: formatDate(p.application.createdAt), status: '' })}
                  <ApplicationStatusBadge status={p.application.status} />
                </Group>
              </Alert>
            ) : closed ? null : (
              <LoadedPart load={ApplyForm.load} fallback={<Skeleton h={220} />}>
                <ApplyForm
                  projectId={p.id}
                  onApplied={() => {
                    setSent(true);
                  }}
                />
              </LoadedPart>
            )}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
