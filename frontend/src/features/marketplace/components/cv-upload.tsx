import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StorageError, uploadFile, type UploadedFile } from '../../../lib/upload';

/** Attach a PDF CV: progress, cancel, retries with backoff (lib/upload). */
export function CvUpload({ value, onChange }: { value: UploadedFile | null; onChange: (f: UploadedFile | null) => void }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function start(file: File | null) {
    if (!file) return;
    setError(null);
    onChange(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safe = file.name.replace(/[^A-Za-z0-9_. ()-]/g, '_').slice(0, 80) || 'cv.pdf';
      onChange(await uploadFile(file, `cv/${stamp}-${safe}`, { onProgress: setProgress, signal: abort.current.signal }));
    } catch (err) {
      setError(
        err instanceof StorageError ? (err.code === 'canceled' ? t('market.cv.canceled') : err.message) : t('common.loadFailed'),
      );
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

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
          <Button size="xs" variant="default" onClick={() => abort.current?.abort()}>
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
