import type { ReactNode } from 'react';
import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-messages';
import type { UploadedFile } from '../../lib/upload';
import { useUploadCv } from '../../lib/upload-cv';
import { useUploadRun } from '../../lib/use-upload';

/**
 * Attach a PDF CV: progress, cancel, retries with backoff (lib/upload). `onRemove` offers to take
 * the attached one off; `label`, `hint` and `note` (said next to the attached file) word it for
 * where it is used.
 */
export function CvUpload({
  value,
  onChange,
  onRemove,
  label,
  hint,
  note,
  busy = false,
}: {
  value: UploadedFile | null;
  onChange: (f: UploadedFile | null) => void;
  onRemove?: () => void;
  label?: ReactNode;
  hint?: ReactNode;
  note?: ReactNode;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadCv();
  // A failure is shown below; the CV attached before stays attached.
  const { progress, start, cancel } = useUploadRun(upload);

  const error = upload.error
    ? errorText(upload.error, t, { keys: { 'retry-limit-exceeded': 'errors.upload-kept-failing' } })
    : null;

  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {label ?? t('market.cv.label')}
      </Text>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {progress !== null ? (
        <Group>
          <Progress value={Math.round(progress * 100)} style={{ flex: 1 }} aria-label={t('market.cv.uploading')} animated />
          <Button size="xs" variant="default" onClick={cancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      ) : (
        <Group>
          <FileButton onChange={(f) => void start(f, onChange)} accept="application/pdf" disabled={busy}>
            {(props) => (
              <Button variant="default" size="xs" {...props}>
                {value ? t('market.cv.replace') : t('market.cv.choose')}
              </Button>
            )}
          </FileButton>
          {value && onRemove ? (
            <Button variant="subtle" color="red" size="xs" onClick={onRemove} disabled={busy}>
              {t('market.cv.remove')}
            </Button>
          ) : null}
          {value ? (
            <Text fz="sm" data-testid="cv-name">
              ✓ <bdi>{value.name}</bdi>
              {note ? (
                <Text span c="dimmed" fz="sm">
                  {' '}
                  ({note})
                </Text>
              ) : null}
            </Text>
          ) : (
            <Text fz="sm" c="dimmed">
              {hint ?? t('market.cv.hint')}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
