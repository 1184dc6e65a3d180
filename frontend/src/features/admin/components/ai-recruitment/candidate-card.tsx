import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Candidate } from '@mashrou/contracts';
import { errorText } from '../../../../lib/error-messages';
import { useInviteCandidate } from '../../api/invite-candidate';
import { Reasons } from './reasons';
import { ScoreParts, ScoreRing } from './score';

/** A ranked student: score, parts, reasons, and Invite to apply (once per project). */
export function CandidateCard({
  c,
  rank,
  weights,
  projectId,
}: {
  c: Candidate;
  rank: number;
  weights: Record<string, number>;
  projectId: string;
}) {
  const { t } = useTranslation();
  const invite = useInviteCandidate();
  const invited = !!c.invitedAt || invite.isSuccess;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="candidate">
      <Group align="flex-start" wrap="nowrap">
        <ScoreRing score={c.score} testId="score" />
        <Stack gap={6} style={{ flex: 1 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700}>
                #{rank} {c.fullName}
              </Text>
              <Text fz="sm" c="dimmed">
                {[c.school, c.graduationYear ? t('admin.recruit.classOf', { year: c.graduationYear }) : null, c.email]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Group gap={6} wrap="nowrap">
              {c.applied ? (
                <Badge color="blue" variant="light">
                  {t('admin.recruit.applied')}
                </Badge>
              ) : null}
              {invited ? (
                <Badge color="teal" variant="light">
                  {t('admin.recruit.invited')}
                </Badge>
              ) : !c.applied ? (
                <Button
                  size="xs"
                  onClick={() => {
                    invite.mutate({ projectId, studentId: c.id });
                  }}
                  loading={invite.isPending}
                >
                  {t('admin.recruit.invite')}
                </Button>
              ) : null}
            </Group>
          </Group>
          <ScoreParts parts={c.parts} weights={weights} kind="students" />
          <Reasons reasons={c.reasons} />
          {invite.isError ? (
            <Alert color="red" role="alert" py={6}>
              {errorText(invite.error, t)}
            </Alert>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
