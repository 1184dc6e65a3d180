import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Alert, Button, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Applicant, BodyOf, marketplace } from '@mashrou/contracts';
import { NOTES_MAX } from '@mashrou/contracts/values';
import { CharCount } from '../../../components/ui/char-count';
import { UndoAlert } from '../../../components/ui/undo-alert';
import { useFocusAfterWaiting, useUndoable } from '../../../lib/use-undoable';
import { useRecheck } from '../../../lib/use-recheck';
import { fieldErrorText } from '../../../lib/form-errors';
import type { FieldProblem } from '../../../lib/schema-check';
import { errorText } from '../../../lib/error-messages';
import { setApplicationStatus, useSetApplicationStatus } from '../api/set-application-status';
import { checkStatus } from '../api/form-resolvers';
import { GrowingTextarea } from '../../../components/ui/growing-textarea';

type Move = BodyOf<typeof marketplace.setApplicationStatus>;
/** Decisions the company cannot change afterwards: they wait a few seconds, with Undo. */
const FINAL: readonly string[] = ['accepted', 'rejected'];

/**
 * Moves an applicant to one of the statuses the server allows next, with an optional note to the
 * student. A final decision (accepted, not selected) says what will happen and waits a few seconds,
 * with Undo, before it is sent. Plain React state, checked by the contract's schema (`checkStatus`):
 * the applicants' screen loads no form library.
 */
export function ApplicantStatusForm({ applicant }: { applicant: Applicant }) {
  const { t } = useTranslation();
  const move = useSetApplicationStatus(applicant.id);
  const [picked, setPicked] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [notesProblem, setNotesProblem] = useState<FieldProblem | undefined>();
  const [checkFailed, setCheckFailed] = useState<unknown>(null);
  /** Checked once on Update: from then on, the note is checked as it changes. */
  const [tried, setTried] = useState(false);
  const picker = useRef<HTMLSelectElement>(null);
  const notesField = useRef<HTMLTextAreaElement>(null);
  // A status no longer offered (the applicant was moved meanwhile, by someone else) is not kept: the
  // select would show another option than the one Update sends.
  const status = picked && applicant.nextStatuses.some((s) => s === picked) ? picked : null;
  // Once moved, the Update button is disabled again: keep the keyboard in this applicant's form.
  useEffect(() => {
    if (move.isSuccess) picker.current?.focus();
  }, [move.isSuccess, move.submittedAt]);

  // After an attempt, the note's message follows what it says (it goes as soon as the note is right).
  useRecheck(tried, { status, notes }, checkStatus, (checked) => {
    setNotesProblem(checked.errors?.notes);
  });

  const send = async (body: Move) => {
    move.reset();
    try {
      await move.mutateAsync(body);
      setPicked(null);
      setNotes('');
      setNotesProblem(undefined);
      setTried(false);
    } catch {
      // Shown from the mutation's error below.
    }
  };
  const decision = useUndoable<Move>(
    (body) => void send(body),
    (body) => void setApplicationStatus(applicant.id, body, true).catch(() => undefined),
  );
  const onSubmit = async (e: SyntheticEvent) => {
    e.preventDefault();
    setCheckFailed(null);
    setTried(true);
    try {
      const checked = await checkStatus({ status, notes });
      setNotesProblem(checked.errors?.notes);
      if (!checked.body) {
        // Refused here (too long a note): the keyboard goes to the note.
        notesField.current?.focus();
        return;
      }
      if (FINAL.includes(checked.body.status)) decision.start(checked.body);
      else void send(checked.body);
    } catch (err) {
      setCheckFailed(err);
    }
  };
  const waiting = decision.waiting;
  useFocusAfterWaiting(waiting, () => {
    picker.current?.focus();
  });
  const failed = move.error ?? checkFailed;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      {failed ? (
        <Alert color="red" mt="xs" role="alert">
          {errorText(failed, t)}
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
        <NativeSelect
          label={t('market.view.move')}
          data={[
            { value: '', label: t('market.view.movePlaceholder'), disabled: true },
            ...applicant.nextStatuses.map((m) => ({ value: m, label: t(`market.applicationStatus.${m}`) })),
          ]}
          ref={picker}
          value={status ?? ''}
          onChange={(e) => {
            setPicked(e.currentTarget.value || null);
          }}
          w={180}
        />
        <GrowingTextarea
          label={t('market.view.notes')}
          minRows={1}
          description={<CharCount value={notes} max={NOTES_MAX} />}
          error={fieldErrorText(t, notesProblem)}
          ref={notesField}
          style={{ flex: 1, minWidth: 200 }}
          value={notes}
          onChange={(e) => {
            setNotes(e.currentTarget.value);
            setCheckFailed(null);
          }}
        />
        <Button type="submit" disabled={!status}>
          {t('market.view.update')}
        </Button>
      </Group>
    </form>
  );
}
