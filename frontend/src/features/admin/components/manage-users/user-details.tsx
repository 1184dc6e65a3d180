import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserDetail } from '@mashrou/contracts';
import { formatDateTime } from '../../../../lib/format';
import { useSkillLabel } from '../../../../lib/onboarding-options';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </>
  );
}

/** Joined, school, graduation, WhatsApp, LinkedIn, email notifications. */
export function UserProfileCard({ u }: { u: UserDetail }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md">
      <Title order={3} fz="h5" mb="xs">
        {t('admin.users.profile')}
      </Title>
      <SimpleGrid cols={2} spacing={6}>
        <Fact label={t('admin.users.joined')}>
          <Text fz="sm">{formatDateTime(u.createdAt)}</Text>
        </Fact>
        {u.school ? (
          <Fact label={t('dashboard.student.school')}>
            <Text fz="sm">{u.school}</Text>
          </Fact>
        ) : null}
        {u.graduationYear ? (
          <Fact label={t('dashboard.student.graduation')}>
            <Text fz="sm">{u.graduationYear}</Text>
          </Fact>
        ) : null}
        {u.whatsapp ? (
          <Fact label={t('admin.users.whatsapp')}>
            <Text fz="sm">
              <bdi dir="ltr">{u.whatsapp}</bdi>
            </Text>
          </Fact>
        ) : null}
        {u.linkedin ? (
          <Fact label={t('admin.users.linkedin')}>
            <Text fz="sm" style={{ wordBreak: 'break-all' }}>
              <bdi dir="ltr">{u.linkedin}</bdi>
            </Text>
          </Fact>
        ) : null}
        <Fact label={t('admin.users.emails')}>
          <Text fz="sm">{t(u.emailNotifications ? 'admin.users.on' : 'admin.users.off')}</Text>
        </Fact>
      </SimpleGrid>
    </Card>
  );
}

/** A student's assessment: overall, per category, skills. */
export function UserAssessmentCard({ assessment }: { assessment: UserDetail['assessment'] }) {
  const { t } = useTranslation();
  const skillLabel = useSkillLabel();
  return (
    <Card withBorder radius="md">
      <Title order={3} fz="h5" mb="xs">
        {t('admin.users.assessment')}
      </Title>
      {assessment ? (
        <Stack gap={6}>
          <Text fw={700}>{t('admin.users.overall', { score: assessment.overall })}</Text>
          <Group gap={6}>
            {Object.entries(assessment.scores).map(([k, v]) => (
              <Badge key={k} variant="light">
                {t(`assessment.categories.${k}`, { defaultValue: k })}: {v}
              </Badge>
            ))}
          </Group>
          <Group gap={6}>
            {assessment.skills.map((s) => (
              <Badge key={s} color="gray" variant="outline">
                {skillLabel(s)}
              </Badge>
            ))}
          </Group>
        </Stack>
      ) : (
        <Text c="dimmed" fz="sm">
          {t('admin.users.noAssessment')}
        </Text>
      )}
    </Card>
  );
}

/** A company's projects with status and applicants. */
export function UserProjectsCard({ projects }: { projects: UserDetail['projects'] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md">
      <Title order={3} fz="h5" mb="xs">
        {t('admin.users.projects', { count: projects.length })}
      </Title>
      {projects.length ? (
        projects.map((p) => (
          <Group key={p.id} justify="space-between" py={4}>
            <Text fz="sm">{p.title}</Text>
            <Group gap={6}>
              <Badge variant="light">{t(`market.status.${p.status}`)}</Badge>
              <Text fz="xs" c="dimmed">
                {t('admin.users.applicants', { count: p.applicants })}
              </Text>
            </Group>
          </Group>
        ))
      ) : (
        <Text c="dimmed" fz="sm">
          {t('admin.users.noProjects')}
        </Text>
      )}
    </Card>
  );
}

/** A student's applications and the projects they were invited to. */
export function UserApplicationsCard({ u }: { u: Pick<UserDetail, 'applications' | 'invitations'> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md">
      <Title order={3} fz="h5" mb="xs">
        {t('admin.users.applications', { count: u.applications.length })}
      </Title>
      {u.applications.length ? (
        u.applications.map((a) => (
          <Group key={a.id} justify="space-between" py={4}>
            <Text fz="sm">{a.projectTitle}</Text>
            <Badge variant="light">{t(`market.applicationStatus.${a.status}`)}</Badge>
          </Group>
        ))
      ) : (
        <Text c="dimmed" fz="sm">
          {t('admin.users.noApplications')}
        </Text>
      )}
      {u.invitations.length ? (
        <Text fz="xs" c="dimmed" mt="xs">
          {t('admin.users.invitedTo', { titles: u.invitations.map((i) => i.projectTitle).join(', ') })}
        </Text>
      ) : null}
    </Card>
  );
}
