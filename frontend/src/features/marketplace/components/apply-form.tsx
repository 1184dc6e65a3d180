import { useRef, useState, type SyntheticEvent } from 'react';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { useFocusOnChange } from '../../../lib/use-focus-on-change';
import { useRecheck } from '../../../lib/use-recheck';
import { useStudentProfile } from '../../../lib/student-profile';
import { MOTIVATION_MAX } from '@mashrou/contracts/values';
import type { UploadedFile } from '../../../lib/upload';
import type { FieldProblem } from '../../../lib/schema-check';
import { CvUpload } from '../../../components/ui/cv-upload';
import { CharCount } from '../../../components/ui/char-count';
import { useApply } from '../api/apply';
import { checkApply } from '../api/form-resolvers';
import { GrowingTextarea } from '../../../components/ui/growing-textarea';

/**
 * Apply once: a motivation of at least 20 characters and, optionally, a PDF CV — the one kept on
 * the profile is attached to start with; another can be uploaded, or none sent. `onApplied` hears of success.
 * Plain React state, checked by the contract's schema (`checkApply`): the project's page loads no form library.
 */
export function ApplyForm({ projectId, onApplied }: { projectId: string; onApplied?: () => void }) {
  const { t } = useTranslation();
  const apply = useApply(projectId, onApplied);
  const profileCv = useStudentProfile().data?.cv ?? null;
  const [motivation, setMotivation] = useState('');
  // The profile may answer after the form is on screen: its CV is attached until the student chooses.
  const [chosenCv, setChosenCv] = useState<{ file: UploadedFile | null } | null>(null);
  const cv = chosenCv ? chosenCv.file : profileCv;
  const [problem, setProblem] = useState<FieldProblem | undefined>();
  const [attempts, setAttempts] = useState(0);
  const [checkFailed, setCheckFailed] = useState<unknown>(null);
  const motivationRef = useRef<HTMLTextAreaElement>(null);
  /** The api's refusal is about what was sent: changing it clears the message. */
  const edited = () => {
    if (apply.error) apply.reset();
    setCheckFailed(null);
  };
  // After an attempt, the message goes as soon as the text is right.
  useRecheck(attempts > 0, { motivation, cv }, checkApply, (checked) => {
    setProblem(checked.errors?.motivation);
  });

  const onSubmit = async (e: SyntheticEvent) => {
    e.preventDefault();
    apply.reset();
    setCheckFailed(null);
    setAttempts((n) => n + 1);
    try {
      const checked = await checkApply({ motivation, cv });
      setProblem(checked.errors?.motivation);
      if (checked.body) apply.mutate(checked.body);
      // Refused here: the keyboard goes back to the motivation, to be completed.
      else motivationRef.current?.focus();
    } catch (err) {
      setCheckFailed(err);
    }
  };

  const invalid = fieldErrorText(t, problem, { 'too-short': 'market.project.tooShort' });
  const failed = apply.error ?? checkFailed;
  const error = invalid ?? (failed ? errorText(failed, t) : null);
  // Each attempt the api (or the network) refused moves focus to the message, so it is heard and seen.
  const errorRef = useFocusOnChange<HTMLDivElement>(
    error && !invalid ? `${String(attempts)}:${String(apply.submittedAt)}:${error}` : null,
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack>
        <Title order={3} fz="h4">
          {t('market.project.applyTitle')}
        </Title>
        {error ? (
          <Alert color="red" role="alert" ref={errorRef} tabIndex={-1}>
            {error}
          </Alert>
        ) : null}
        <GrowingTextarea
          label={t('market.project.motivation')}
          description={<CharCount value={motivation} max={MOTIVATION_MAX} hint={t('market.project.motivationHint')} />}
          minRows={4}
          ref={motivationRef}
          value={motivation}
          onChange={(e) => {
            setMotivation(e.currentTarget.value);
            edited();
          }}
        />
        <CvUpload
          value={cv}
          onChange={(file) => {
            setChosenCv({ file });
            edited();
          }}
          onRemove={() => {
            setChosenCv({ file: null });
            edited();
          }}
          note={cv && cv.id === profileCv?.id ? t('market.cv.fromProfile') : undefined}
        />
        <Button type="submit" disabled={apply.isPending} w="fit-content">
          {apply.isPending ? t('market.project.sending') : t('market.project.send')}
        </Button>
      </Stack>
    </form>
  );
}
