import { useEffect } from 'react';
import { Alert, Button, Group, NativeSelect } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Applicant, BodyOf, marketplace } from '@mashrou/contracts';
import { NOTES_MAX } from '@mashrou/contracts/values';
import { CharCount } from '../../../components/ui/char-count';
import { UndoAlert } from '../../../components/ui/undo-alert';
import { useFocusAfterWaiting, useUndoable } from '../../../lib/use-undoable';
import { fieldErrorText } from '../../../lib/form-errors';
import { errorText } from '../../../lib/error-messages';
import { setApplicationStatus, useSetApplicationStatus } from '../api/set-application-status';
import { statusResolver } from '../api/form-resolvers';
import { GrowingTextarea } from '../../../components/ui/growing-textarea';

type Move = BodyOf<typeof marketplace.setApplicationStatus>;
/** Decisions the company cannot change afterwards: they wait a few seconds, with Undo. */
const FINAL: readonly string[] = ['accepted', 'rejected'];

/**
 * Moves an applicant to one of the statuses the server allows next, with an optional note to the
 * student. A final decision (accepted, not selected) says what will happen and waits a few seconds,
 * with Undo, before it is sent.
 */
export function ApplicantStatusForm({ applicant }: { applicant: Applicant }) {
  const { t } = useTranslation();
  const move = useSetApplicationStatus(applicant.id);
  const { control, register, handleSubmit, reset, resetField, setFocus, formState } = useForm({
    resolver: statusResolver,
    defaultValues: { status: null, notes: '' },
  });
  const status = useWatch({ control, name: 'status' });
  const notes = useWatch({ control, name: 'notes' });
  // A status no longer offered (the applicant was moved meanwhile, by someone else) is not kept: the
  // select would show another option than the one Update sends.
  useEffect(() => {
    if (status && !applicant.nextStatuses.some((s) => s === status)) resetField('status');
  }, [status, applicant.nextStatuses, resetField]);
  // Once moved, the Update button is disabled again: keep the keyboard in this applicant's form
  // (after the reset's render, when the picker is registered again).
  useEffect(() => {
    if (move.isSuccess) setFocus('status');
  }, [move.isSuccess, move.submittedAt, setFocus]);

  const send = async (body: Move) => {
    move.reset();
    try {
      await move.mutateAsync(body);
      reset();
    } catch {
      // Shown from the mutation's error below.
    }
  };
  const decision = useUndoable<Move>(
    (body) => void send(body),
    (body) => void setApplicationStatus(applicant.id, body, true).catch(() => undefined),
  );
  const onSubmit = handleSubmit((body) => {
    if (FINAL.includes(body.status)) decision.start(body);
    else void send(body);
  });
  const waiting = decision.waiting;
  useFocusAfterWaiting(waiting, () => {
    setFocus('status');
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      {move.error ? (
        <Alert color="red" mt="xs" role="alert">
          {errorText(move.error, t)}
        </Alert>
      ) : null}
      {waiting ? (
        <UndoAlert testId="deciding" nowLabel={t('market.view.decideNow')} onUndo={decision.undo} onNow={decision.now}>
          {t(`market.view.deciding.${waiting.status === 'accepted' ? 'accepted' : 'rejected'}`, {
            name: applicant.student.fullName,
          })}
        </UndoAlert>
      ) : null}
      <Group align="flex-end" mt="sm" display={waiting ? 'none' : undefined}>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <NativeSelect
              label={t('market.view.move')}
              data={[
                { value: '', label: t('market.view.movePlaceholder'), disabled: true },
                ...applicant.nextStatuses.map((m) => ({ value: m, label: t(`market.applicationStatus.${m}`) })),
              ]}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={(e) => {
                field.onChange(e.currentTarget.value || null);
              }}
              w={180}
            />
          )}
        />
        <GrowingTextarea
          label={t('market.view.notes')}
          minRows={1}
          description={<CharCount value={notes} max={NOTES_MAX} />}
          error={fieldErrorText(t, formState.errors.notes)}
          style={{ flex: 1, minWidth: 200 }}
          {...register('notes')}
        />
        <Button type="submit" disabled={!status}>
          {t('market.view.update')}
        </Button>
      </Group>
    </form>
  );
}
