import { useRef, useState } from 'react';
import { Alert, Button, Card, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BodyOf, Project, marketplace } from '@mashrou/contracts';
import { REJECTION_REASON_MAX } from '@mashrou/contracts/values';
import { ProjectMeta } from '../../../components/ui/project-meta';
import { UndoAlert } from '../../../components/ui/undo-alert';
import { errorText } from '../../../lib/error-messages';
import { useFocusAfterWaiting, useUndoable } from '../../../lib/use-undoable';
import { reviewProject, useReviewProject } from '../api/review-project';

type Decision = BodyOf<typeof marketplace.reviewProject>;

/**
 * A project awaiting review: approve it, or reject it with a reason (the reason is required to
 * reject). Either decision says what will happen and waits a few seconds, with Undo, before it is
 * sent — with the version the admin read (a newer one, edited meanwhile, is refused and shown). One
 * field, whose rules the controls keep (Reject waits for a reason, which is cut at the api's length):
 * no form library on the Overview, and the api checks what it is sent.
 */
export function PendingProject({ p }: { p: Project }) {
  const { t } = useTranslation();
  const review = useReviewProject(p.id);
  const [reason, setReason] = useState('');
  const decision = useUndoable<Decision>(
    (body) => {
      review.mutate(body);
    },
    (body) => void reviewProject(p.id, body, true).catch(() => undefined),
  );
  const approveRef = useRef<HTMLButtonElement>(null);
  const waiting = decision.waiting;
  useFocusAfterWaiting(waiting, () => approveRef.current?.focus());

  // Not a <form>: Enter in the reason must not approve.
  const decide = (kind: 'approve' | 'reject') => {
    review.reset();
    const given = reason.trim();
    // The version on screen is the one decided on; an empty reason is not sent.
    decision.start({ decision: kind, version: p.version, ...(given ? { reason: given } : {}) });
  };

  const error = review.error ? errorText(review.error, t) : null;

  return (
    <Card withBorder radius="md" padding="md" data-testid="pending-project">
      <Text fw={700}>{p.title}</Text>
      <Text fz="sm" c="dimmed" mb={6}>
        {t('adminHome.review.by', { company: p.companyName })}
      </Text>
      <ProjectMeta p={p} />
      <Text dir="auto" fz="sm" mt="xs" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
        {p.description}
      </Text>
      {error ? (
        <Alert color="red" mt="xs">
          {error}
        </Alert>
      ) : null}
      {waiting ? (
        <UndoAlert
          testId={waiting.decision === 'approve' ? 'approving' : 'rejecting'}
          nowLabel={t(waiting.decision === 'approve' ? 'adminHome.review.approveNow' : 'adminHome.review.rejectNow')}
          onUndo={decision.undo}
          onNow={decision.now}
        >
          {t(waiting.decision === 'approve' ? 'adminHome.review.approving' : 'adminHome.review.rejecting', {
            company: p.companyName,
          })}
        </UndoAlert>
      ) : null}
      <Group align="flex-end" mt="sm" display={waiting ? 'none' : undefined}>
        <Button
          ref={approveRef}
          onClick={() => {
            decide('approve');
          }}
          loading={review.isPending}
        >
          {t('adminHome.review.approve')}
        </Button>
        <TextInput
          label={t('adminHome.review.reason')}
          maxLength={REJECTION_REASON_MAX}
          style={{ flex: 1, minWidth: 200 }}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
          }}
        />
        <Button
          color="red"
          variant="light"
          disabled={!reason.trim()}
          onClick={() => {
            decide('reject');
          }}
        >
          {t('adminHome.review.reject')}
        </Button>
      </Group>
    </Card>
  );
}
