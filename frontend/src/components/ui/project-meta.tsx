import { Badge, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus, Project, ProjectStatus } from '@mashrou/contracts';
import { closesIn, closingInstant, formatClosing, formatDate, formatNumber } from '../../lib/format';

export const statusColor: Record<ProjectStatus | ApplicationStatus, string> = {
  pending: 'yellow',
  open: 'teal',
  closed: 'gray',
  rejected: 'red',
  submitted: 'blue',
  under_review: 'indigo',
  shortlisted: 'violet',
  accepted: 'teal',
  withdrawn: 'gray',
};

/** A status as a coloured badge, worded from its own catalogue section: projects and applications never share a label. */
function StatusBadge({
  status,
  section,
}: {
  status: ProjectStatus | ApplicationStatus;
  section: 'status' | 'applicationStatus';
}) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColor[status]} variant="light">
      {t(`market.${section}.${status}`)}
    </Badge>
  );
}

/** A project's status (its `rejected` reads "Needs changes"). */
export const ProjectStatusBadge = ({ status }: { status: ProjectStatus }) => <StatusBadge status={status} section="status" />;

/** An application's status (its `rejected` reads "Not selected"). */
export const ApplicationStatusBadge = ({ status }: { status: ApplicationStatus }) => (
  <StatusBadge status={status} section="applicationStatus" />
);

type ProjectFacts = Pick<Project, 'workMode' | 'location' | 'durationWeeks' | 'weeklyHours' | 'paid' | 'stipend' | 'deadline'> & {
  status?: ProjectStatus;
};

/** Applications close within this many days: the deadline also says how soon. */
const SOON_DAYS = 14;

/**
 * The facts a student needs to decide, as compact badges. A page that says the exact closing time
 * itself leaves out the deadline (`deadline={false}`): one closing date on screen, not two.
 */
export function ProjectMeta({ p, deadline = true }: { p: ProjectFacts; deadline?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Badge variant="outline">
        {t(`market.mode.${p.workMode}`)}
        {p.location ? ` · ${p.location}` : ''}
      </Badge>
      <Badge variant="outline">{t('market.weeks', { count: p.durationWeeks })}</Badge>
      <Badge variant="outline">{t('market.hoursPerWeek', { count: p.weeklyHours })}</Badge>
      <Badge variant="outline" color={p.paid ? 'teal' : 'gray'}>
        {p.paid ? (p.stipend ? t('market.stipend', { amount: formatNumber(p.stipend) }) : t('market.paid')) : t('market.unpaid')}
      </Badge>
      {p.deadline && deadline ? (
        <Badge variant="outline" color="orange">
          {t('market.deadline', { date: formatDate(p.deadline) })}
        </Badge>
      ) : null}
      {p.deadline ? <ClosesIn deadline={p.deadline} status={p.status} /> : null}
    </Group>
  );
}

/** "Closes in 3 days" (in the reader's language), with the exact closing time in their time zone; only while open and soon. */
function ClosesIn({ deadline, status }: { deadline: string; status?: ProjectStatus }) {
  const { t } = useTranslation();
  // The time the page opened: the badge does not tick while it is read.
  const [now] = useState(() => Date.now());
  const when = closesIn(deadline, now);
  if (!when || (status && status !== 'open')) return null;
  if (closingInstant(deadline) - now > SOON_DAYS * 86_400_000) return null;
  return (
    <Badge color="orange" variant="light" title={t('market.closesAt', { at: formatClosing(deadline) })}>
      {t('market.closesIn', { when })}
    </Badge>
  );
}
