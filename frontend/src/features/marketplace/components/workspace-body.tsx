import { useState } from 'react';
import { Anchor, Badge, Box, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EngagementSection } from './engagement-section';
import { Failed } from './failed';
import { DeliverableFiles, HandedInFiles } from './deliverable-files';
import type { UploadedFile } from '../../../lib/upload';
import type { ResponseOf } from '@mashrou/contracts';
import type { workspace as routes } from '@mashrou/contracts/routes';
import {
  DELIVERABLE_TEXT_MAX,
  FEEDBACK_MAX,
  MILESTONE_EXPECTATIONS_MAX,
  MILESTONE_TITLE_MAX,
  MILESTONES_MAX,
} from '@mashrou/contracts/values';
import { ApiError } from '../../../lib/errors';
import { fieldErrorText } from '../../../lib/form-errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { CharCount } from '../../../components/ui/char-count';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { GrowingTextarea } from '../../../components/ui/growing-textarea';
import { deliverableResolver, milestoneResolver, reviewResolver } from '../api/form-resolvers';
import {
  useAddMilestone,
  useEditMilestone,
  useRemoveMilestone,
  useReviewDeliverable,
  useSubmitDeliverable,
} from '../api/workspace-changes';

type Workspace = ResponseOf<typeof routes.workspace>;
type Milestone = Workspace['milestones'][number];

const STATUS_COLOR: Record<Milestone['status'], string> = {
  open: 'gray',
  submitted: 'blue',
  'changes-requested': 'orange',
  accepted: 'teal',
};

/**
 * An opened workspace (workspace-panel.tsx folds it): the milestones the company set, with their
 * hand-ins and answers, and where the work stands; loaded when a workspace is first opened, with its forms.
 */
export function WorkspaceBody({ ws }: { ws: Workspace }) {
  const { t } = useTranslation();
  const { progress } = ws;
  return (
    <>
      {ws.role === 'admin' ? (
        <Text fz="sm" c="dimmed">
          {t('workspace.adminReadOnly')}
        </Text>
      ) : null}
      {progress.total > 0 ? (
        <Group gap="xs" data-testid="workspace-progress">
          <Text fz="sm" fw={600}>
            {t('workspace.progress', { accepted: progress.accepted, total: progress.total })}
          </Text>
          {progress.waitingForReview > 0 ? (
            <Badge color="blue" variant="light">
              {t('workspace.waiting', { count: progress.waitingForReview })}
            </Badge>
          ) : null}
          {progress.overdue > 0 ? (
            <Badge color="red" variant="light">
              {t('workspace.overdueCount', { count: progress.overdue })}
            </Badge>
          ) : null}
        </Group>
      ) : (
        <Text fz="sm" c="dimmed">
          {ws.role === 'company' ? t('workspace.emptyCompany') : t('workspace.emptyStudent')}
        </Text>
      )}
      {ws.milestones.length ? (
        <Stack
          gap="xs"
          component="ol"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('workspace.milestones')}
        >
          {ws.milestones.map((m) => (
            <MilestoneCard key={m.id} ws={ws} m={m} />
          ))}
        </Stack>
      ) : null}
      {ws.role === 'company' && !ws.ending && ws.milestones.length < MILESTONES_MAX ? (
        <MilestoneForm applicationId={ws.applicationId} />
      ) : null}
      <EngagementSection ws={ws} />
    </>
  );
}

function MilestoneCard({ ws, m }: { ws: Workspace; m: Milestone }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useRemoveMilestone(ws.applicationId);
  const latest = m.deliverables.at(-1);
  const headingId = `milestone-${m.id}`;

  return (
    <Card component="li" withBorder p="sm" data-testid="milestone" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Title order={4} fz="sm" id={headingId} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {m.title}
          </Title>
          <Text fz="xs" c={m.overdue ? 'red.8' : 'dimmed'}>
            {t('workspace.due', { date: formatDate(m.dueOn) })}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {m.overdue ? (
            <Badge color="red" variant="light">
              {t('workspace.overdue')}
            </Badge>
          ) : null}
          <Badge color={STATUS_COLOR[m.status]} variant="light" data-testid="milestone-status">
            {t(`workspace.status.${m.status}`)}
          </Badge>
        </Group>
      </Group>
      {m.expectations ? (
        <Text fz="sm" mt={4} dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.expectations}
        </Text>
      ) : null}
      {m.deliverables.map((d) => (
        <Box key={d.id} mt="xs" p="xs" style={{ borderInlineStart: '3px solid var(--mantine-color-gray-3)' }}>
          <Text fz="xs" c="dimmed">
            {t('workspace.handedIn', { date: formatDateTime(d.submittedAt) })}
          </Text>
          <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {d.text}
          </Text>
          {d.links.length ? (
            <Stack gap={0} component="ul" aria-label={t('workspace.links')} style={{ margin: 0, paddingInlineStart: 18 }}>
              {d.links.map((href) => (
                <li key={href}>
                  <Anchor
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    fz="sm"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {href}
                  </Anchor>
                </li>
              ))}
            </Stack>
          ) : null}
          <HandedInFiles files={d.files} canDownload={ws.role !== 'admin'} />
          {d.outcome && d.reviewedAt ? (
            <Text fz="xs" mt={4} c={d.outcome === 'accepted' ? 'teal.9' : 'orange.9'} fw={600}>
              {t(d.outcome === 'accepted' ? 'workspace.reviewedAccepted' : 'workspace.reviewedChanges', {
                date: formatDateTime(d.reviewedAt),
              })}
            </Text>
          ) : null}
          {d.feedback ? (
            <>
              <Text fz="xs" fw={600} mt={4}>
                {t('workspace.feedback')}
              </Text>
              <Text fz="sm" dir="auto" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {d.feedback}
              </Text>
            </>
          ) : null}
        </Box>
      ))}
      {ws.role === 'company' && !ws.ending && m.status === 'open' ? (
        <Group gap="xs" mt="xs">
          <Button
            variant="default"
            size="xs"
            aria-expanded={editing}
            onClick={() => {
              setEditing((e) => !e);
            }}
          >
            {t('workspace.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => {
              setRemoving(true);
            }}
          >
            {t('workspace.remove')}
          </Button>
        </Group>
      ) : null}
      {editing ? (
        <MilestoneForm
          applicationId={ws.applicationId}
          milestone={m}
          onDone={() => {
            setEditing(false);
          }}
        />
      ) : null}
      <Failed error={remove.error} mt="xs" />
      <ConfirmModal
        opened={removing}
        title={t('workspace.removeTitle')}
        confirmLabel={t('workspace.remove')}
        color="red"
        busy={remove.isPending}
        onCancel={() => {
          setRemoving(false);
        }}
        onConfirm={() => {
          remove.mutate(m.id, {
            onSettled: () => {
              setRemoving(false);
            },
          });
        }}
      >
        {t('workspace.removeBody', { title: m.title })}
      </ConfirmModal>
      {ws.role === 'student' && !ws.ending && (m.status === 'open' || m.status === 'changes-requested') ? (
        <DeliverableForm applicationId={ws.applicationId} milestoneId={m.id} again={latest !== undefined} />
      ) : null}
      {ws.role === 'company' && !ws.ending && m.status === 'submitted' ? (
        <ReviewForm applicationId={ws.applicationId} milestoneId={m.id} />
      ) : null}
    </Card>
  );
}

/** A form's submit button and its Cancel (which leaves everything as it was). */
function FormActions({ label, busy, onCancel }: { label: string; busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button type="submit" size="xs" disabled={busy}>
        {label}
      </Button>
      <Button variant="subtle" size="xs" onClick={onCancel}>
        {t('workspace.cancel')}
      </Button>
    </Group>
  );
}

/** A new milestone, or a change to one still untouched. */
function MilestoneForm({
  applicationId,
  milestone,
  onDone,
}: {
  applicationId: string;
  milestone?: Milestone;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(milestone !== undefined);
  const add = useAddMilestone(applicationId);
  const edit = useEditMilestone(applicationId);
  const save = milestone ? edit : add;
  const { register, handleSubmit, reset, formState, control, setError } = useForm({
    resolver: milestoneResolver,
    defaultValues: { title: milestone?.title ?? '', expectations: milestone?.expectations ?? '', dueOn: milestone?.dueOn ?? '' },
    reValidateMode: 'onChange',
  });
  const [title, expectations] = useWatch({ control, name: ['title', 'expectations'] });
  if (!open) {
    return (
      <Button
        variant="default"
        size="xs"
        w="fit-content"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('workspace.add')}
      </Button>
    );
  }
  const onSubmit = handleSubmit((body) => {
    const done = () => {
      reset();
      setOpen(milestone !== undefined);
      onDone?.();
    };
    // The api's word on a field (a due date in the past) goes under that field.
    const onError = (err: unknown) => {
      const fields =
        err instanceof ApiError ? (err.details as { fields?: Record<string, string[]> } | undefined)?.fields : undefined;
      for (const name of ['title', 'expectations', 'dueOn'] as const) {
        const code = fields?.[name]?.[0];
        if (code) setError(name, { message: code });
      }
    };
    if (milestone) edit.mutate({ milestoneId: milestone.id, body }, { onSuccess: done, onError });
    else add.mutate(body, { onSuccess: done, onError });
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={milestone ? t('workspace.edit') : t('workspace.add')}>
      <Stack gap={6} mt="xs">
        {save.error instanceof ApiError && save.error.code === 'validation-failed' ? null : <Failed error={save.error} />}
        <TextInput
          label={t('workspace.milestoneTitle')}
          description={<CharCount value={title} max={MILESTONE_TITLE_MAX} />}
          {...register('title')}
          error={fieldErrorText(t, formState.errors.title)}
        />
        <GrowingTextarea
          label={t('workspace.expectations')}
          minRows={2}
          description={<CharCount value={expectations ?? ''} max={MILESTONE_EXPECTATIONS_MAX} />}
          {...register('expectations')}
          error={fieldErrorText(t, formState.errors.expectations)}
        />
        <TextInput
          type="date"
          label={t('workspace.dueOn')}
          w={200}
          {...register('dueOn')}
          error={fieldErrorText(t, formState.errors.dueOn)}
        />
        <FormActions
          label={t('workspace.save')}
          busy={save.isPending}
          onCancel={() => {
            reset();
            save.reset();
            setOpen(false);
            onDone?.();
          }}
        />
      </Stack>
    </form>
  );
}

/** The student's hand-in of one milestone (again after changes were asked for). */
function DeliverableForm({ applicationId, milestoneId, again }: { applicationId: string; milestoneId: string; again: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const submit = useSubmitDeliverable(applicationId);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const { register, handleSubmit, reset, formState, control } = useForm({
    resolver: deliverableResolver,
    defaultValues: { text: '', links: '' },
    reValidateMode: 'onChange',
  });
  const text = useWatch({ control, name: 'text' });
  if (!open) {
    return (
      <Button
        variant="light"
        size="xs"
        mt="xs"
        w="fit-content"
        onClick={() => {
          setOpen(true);
        }}
      >
        {again ? t('workspace.handInAgain') : t('workspace.handIn')}
      </Button>
    );
  }
  const onSubmit = handleSubmit((body) => {
    submit.mutate(
      { milestoneId, body: { ...body, fileIds: files.map((f) => f.id) } },
      {
        onSuccess: () => {
          reset();
          setFiles([]);
          setOpen(false);
        },
      },
    );
  });
  const linksError = formState.errors.links as { message?: string } | { message?: string }[] | undefined;
  const linksMessage = Array.isArray(linksError) ? linksError.find(Boolean) : linksError;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('workspace.handIn')}>
      <Stack gap={6} mt="xs">
        <Failed error={submit.error} />
        <GrowingTextarea
          label={t('workspace.text')}
          minRows={3}
          description={
            <>
              {t('workspace.textHint')} <CharCount value={text} max={DELIVERABLE_TEXT_MAX} />
            </>
          }
          {...register('text')}
          error={fieldErrorText(t, formState.errors.text)}
        />
        <GrowingTextarea
          label={t('workspace.linkList')}
          description={t('workspace.linkHint')}
          minRows={2}
          dir="ltr"
          {...register('links')}
          error={fieldErrorText(t, linksMessage)}
        />
        <DeliverableFiles value={files} onChange={setFiles} />
        <FormActions
          label={t('workspace.send')}
          busy={submit.isPending}
          onCancel={() => {
            reset();
            submit.reset();
            setOpen(false);
          }}
        />
      </Stack>
    </form>
  );
}

/** The company's answer to the latest hand-in: ask for changes (with feedback), or accept it (final: confirmed first). */
function ReviewForm({ applicationId, milestoneId }: { applicationId: string; milestoneId: string }) {
  const { t } = useTranslation();
  const review = useReviewDeliverable(applicationId);
  const [confirming, setConfirming] = useState(false);
  const { register, handleSubmit, reset, formState, control, setValue } = useForm({
    resolver: reviewResolver,
    defaultValues: { outcome: 'changes-requested' as 'accepted' | 'changes-requested', feedback: '' },
    reValidateMode: 'onChange',
  });
  const feedback = useWatch({ control, name: 'feedback' });
  const send = handleSubmit((body) => {
    review.mutate(
      { milestoneId, body },
      {
        onSuccess: () => {
          reset();
        },
        onSettled: () => {
          setConfirming(false);
        },
      },
    );
  });
  return (
    <form
      onSubmit={(e) => {
        setValue('outcome', 'changes-requested');
        void send(e);
      }}
      noValidate
      aria-label={t('workspace.review')}
    >
      <Stack gap={6} mt="xs">
        <Failed error={review.error} />
        <GrowingTextarea
          label={t('workspace.feedbackLabel')}
          minRows={2}
          description={
            <>
              {t('workspace.feedbackHint')} <CharCount value={feedback ?? ''} max={FEEDBACK_MAX} />
            </>
          }
          {...register('feedback')}
          error={fieldErrorText(t, formState.errors.feedback)}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" variant="default" disabled={review.isPending}>
            {t('workspace.askChanges')}
          </Button>
          <Button
            size="xs"
            disabled={review.isPending}
            onClick={() => {
              setConfirming(true);
            }}
          >
            {t('workspace.accept')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('workspace.acceptTitle')}
        confirmLabel={t('workspace.accept')}
        busy={review.isPending}
        onCancel={() => {
          setConfirming(false);
        }}
        onConfirm={() => {
          setValue('outcome', 'accepted');
          void send();
        }}
      >
        {t('workspace.acceptBody')}
      </ConfirmModal>
    </form>
  );
}
