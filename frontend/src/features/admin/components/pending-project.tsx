import { useRef } from 'react';
import { Alert, Button, Card, Group, Text, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BodyOf, Project, marketplace } from '@mashrou/contracts';
import { ProjectMeta } from '../../../components/ui/project-meta';
import { UndoAlert } from '../../../components/ui/undo-alert';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { useFocusAfterWaiting, useUndoable } from '../../../lib/use-undoable';
import { reviewProject, reviewResolver, useReviewProject } from '../api/review-project';

type Decision = BodyOf<typeof marketplace.reviewProject>;

/**
 * A project awaiting review: approve it, or reject it with a reason (the reason is required to
 * reject). Either decision says what will happen and waits a few seconds, with Undo, before it is
 * sent — with the version the admin read (a newer one, edited meanwhile, is refused and shown).
 */
export function PendingProject({ p }: { p: Project }) {
  const { t } = useTranslation();
  const review = useReviewProject(p.id);
  const { register, control, handleSubmit, setValue, formState } = useForm({
    resolver: reviewResolver,
    defaultValues: { decision: 'approve' as const, reason: '', version: p.version },
  });
  const reason = useWatch({ control, name: 'reason' });
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
    setValue('decision', kind);
    // The version on screen is the one decided on.
    setValue('version', p.version);
    void handleSubmit((body) => {
      decision.start(body);
    })();
  };

  const error = fieldErrorText(t, formState.errors.reason) ?? (review.error ? errorText(review.error, t) : null);

  return (
    <Card withBorder radius="md" padding="md" data-testid="pending-project">
      <Text fw={700}>{p.title}</Text>
      <Text fz="sm" c="dimmed" mb={6}>
        {t('market.admin.by', { company: p.companyName })}
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
          nowLabel={t(waiting.decision === 'approve' ? 'market.admin.approveNow' : 'market.admin.rejectNow')}
          onUndo={decision.undo}
          onNow={decision.now}
        >
          {t(waiting.decision === 'approve' ? 'market.admin.approving' : 'market.admin.rejecting', { company: p.companyName })}
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
          {t('market.admin.approve')}
        </Button>
        <TextInput label={t('market.admin.reason')} maxLength={1000} style={{ flex: 1, minWidth: 200 }} {...register('reason')} />
        <Button
          color="red"
          variant="light"
          disabled={!reason.trim()}
          onClick={() => {
            decide('reject');
          }}
        >
          {t('market.admin.reject')}
        </Button>
      </Group>
    </Card>
  );
}
