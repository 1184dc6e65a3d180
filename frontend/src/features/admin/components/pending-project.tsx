import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Text, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Project } from '@mashrou/contracts';
import { ProjectMeta } from '../../../components/ui/project-meta';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { reviewProject, ReviewFormSchema, useReviewProject } from '../api/review-project';

/** How long an approval can be undone before it is sent (it opens the project and emails the company). */
export const APPROVE_UNDO_MS = 5_000;

/**
 * A project awaiting review: approve it, or reject it with a reason (the reason is required to reject).
 * Approving says what will happen and waits a few seconds, with Undo, before it is sent.
 */
export function PendingProject({ p }: { p: Project }) {
  const { t } = useTranslation();
  const review = useReviewProject(p.id);
  const { register, control, handleSubmit, setValue, formState } = useForm({
    resolver: zodResolver(ReviewFormSchema),
    defaultValues: { decision: 'approve' as const, reason: '', version: p.version },
  });
  const reason = useWatch({ control, name: 'reason' });

  const [approving, setApproving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  /** The version the admin read when they clicked Approve: every way of sending it sends that one. */
  const readVersion = useRef(p.version);

  // Not a <form>: Enter in the reason must not approve.
  const decide = (decision: 'approve' | 'reject', version = p.version) => {
    review.reset();
    setValue('decision', decision);
    // The version on screen: a newer one (the company edited meanwhile) is refused and shown.
    setValue('version', version);
    void handleSubmit((body) => {
      review.mutate(body);
    })();
  };

  const approveNow = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setApproving(false);
    decide('approve', readVersion.current);
  };
  const startApproving = () => {
    readVersion.current = p.version;
    setApproving(true);
    timer.current = setTimeout(approveNow, APPROVE_UNDO_MS);
  };
  const undo = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setApproving(false);
  };
  // Leaving while an approval waits sends it at once: a decision is never lost (another screen of
  // the app, or the page itself closing or loading another address).
  const pending = useRef(approveNow);
  useEffect(() => {
    pending.current = approveNow;
  });
  useEffect(
    () => () => {
      if (timer.current) pending.current();
    },
    [],
  );
  useEffect(() => {
    if (!approving) return;
    const leave = () => {
      if (!timer.current) return;
      clearTimeout(timer.current);
      timer.current = null;
      // Back from the browser's cache, the card no longer offers Undo for what was sent.
      setApproving(false);
      // The page is going: a refusal (the project changed meanwhile) can only show on the next visit,
      // where the project is still waiting for review.
      void reviewProject(p.id, { decision: 'approve', version: readVersion.current }, true).catch(() => undefined);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
    };
  }, [approving, p.id]);
  useEffect(() => {
    if (approving) undoRef.current?.focus();
    else if (document.activeElement === document.body) approveRef.current?.focus();
  }, [approving]);

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
      {approving ? (
        <Alert color="teal" mt="sm" role="status" data-testid="approving">
          <Text fz="sm">{t('market.admin.approving', { company: p.companyName })}</Text>
          <Group gap="xs" mt="xs">
            <Button ref={undoRef} size="xs" variant="default" onClick={undo}>
              {t('market.admin.undo')}
            </Button>
            <Button size="xs" onClick={approveNow}>
              {t('market.admin.approveNow')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Group align="flex-end" mt="sm" hidden={approving}>
        <Button ref={approveRef} onClick={startApproving} loading={review.isPending}>
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
