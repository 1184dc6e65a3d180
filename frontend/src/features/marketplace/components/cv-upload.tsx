import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-messages';
import type { UploadedFile } from '../../../lib/upload';
import { useUploadCv } from '../api/upload-cv';

/** Attach a PDF CV: progress, cancel, retries with backoff (lib/upload). */
export function CvUpload({ value, onChange }: { value: UploadedFile | null; onChange: (f: UploadedFile | null) => void }) {
  const { t } = useTranslation();
  const upload = useUploadCv();
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function start(file: File | null) {
    if (!file) return;
    upload.reset();
    onChange(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      onChange(await upload.mutateAsync({ file, onProgress: setProgress, signal: abort.current.signal }));
    } catch {
      // Shown from the mutation's error below.
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  const error = upload.error
    ? errorText(upload.error, t, { keys: { 'retry-limit-exceeded': 'errors.upload-kept-failing' } })
    : null;

  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {t('market.cv.label')}
      </Text>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {progress !== null ? (
        <Group>
          <Progress value={Math.round(progress * 100)} style={{ flex: 1 }} aria-label={t('market.cv.uploading')} animated />
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              abort.current?.abort();
            }}
          >
            {t('common.cancel')}
          </Button>
        </Group>
      ) : (
        <Group>
          <FileButton onChange={(f) => void start(f)} accept="application/pdf">
            {(props) => (
              <Button variant="default" size="xs" {...props}>
                {value ? t('market.cv.replace') : t('market.cv.choose')}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Text fz="sm" data-testid="cv-name">
              ✓ {value.name}
            </Text>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('market.cv.hint')}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
