import { Alert, Anchor, Button, CloseButton, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DELIVERABLE_FILES_MAX } from '@mashrou/contracts/values';
import { errorText } from '../../../lib/error-messages';
import type { UploadedFile } from '../../../lib/upload';
import { useUploadDeliverable } from '../../../lib/upload-cv';
import { useUploadRun } from '../../../lib/use-upload';

/** What can be handed in (the api checks each file's bytes): PDFs, images, zip archives, office documents. */
const ACCEPT = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/zip',
  '.docx',
  '.xlsx',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
  '.doc',
  '.xls',
  '.ppt',
].join(',');

/** Human sizes: kB under a megabyte, MB above. */
export const fileSize = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The files of a hand-in being written: each uploaded at once (progress, cancel, retries), listed
 * with a way to take it off, up to DELIVERABLE_FILES_MAX.
 */
export function DeliverableFiles({ value, onChange }: { value: UploadedFile[]; onChange: (files: UploadedFile[]) => void }) {
  const { t } = useTranslation();
  const upload = useUploadDeliverable();
  const { progress, start, cancel } = useUploadRun(upload);

  const error = upload.error
    ? errorText(upload.error, t, {
        keys: { 'retry-limit-exceeded': 'errors.upload-kept-failing', 'invalid-format': 'workspace.fileFormat' },
      })
    : null;
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {t('workspace.files')}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('workspace.filesHint', { count: DELIVERABLE_FILES_MAX })}
      </Text>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {value.length ? (
        <Stack gap={2} component="ul" style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
          {value.map((f) => (
            <Group key={f.id} component="li" gap={6} wrap="nowrap">
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                <bdi>{f.name}</bdi>{' '}
                <Text span c="dimmed" fz="xs">
                  ({fileSize(f.size)})
                </Text>
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('workspace.removeFile', { name: f.name })}
                onClick={() => {
                  onChange(value.filter((x) => x.id !== f.id));
                }}
              />
            </Group>
          ))}
        </Stack>
      ) : null}
      {progress !== null ? (
        <Group>
          <Progress value={Math.round(progress * 100)} style={{ flex: 1 }} aria-label={t('workspace.uploading')} animated />
          <Button size="xs" variant="default" onClick={cancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      ) : value.length < DELIVERABLE_FILES_MAX ? (
        <FileButton
          onChange={(f) =>
            void start(f, (uploaded) => {
              onChange([...value, uploaded]);
            })
          }
          accept={ACCEPT}
        >
          {(props) => (
            <Button variant="default" size="xs" w="fit-content" {...props}>
              {t('workspace.attach')}
            </Button>
          )}
        </FileButton>
      ) : null}
    </Stack>
  );
}

/** The files of a hand-in, as downloads for its two sides (an admin reading the workspace sees their names). */
export function HandedInFiles({
  files,
  canDownload,
}: {
  files: { id: string; name: string; size: number; url: string }[];
  canDownload: boolean;
}) {
  const { t } = useTranslation();
  if (!files.length) return null;
  return (
    <Stack gap={0} component="ul" aria-label={t('workspace.files')} style={{ margin: 0, paddingInlineStart: 18 }}>
      {files.map((f) => (
        <li key={f.id}>
          {canDownload ? (
            <Anchor href={f.url} download fz="sm" style={{ overflowWrap: 'anywhere' }}>
              <bdi>{f.name}</bdi>
            </Anchor>
          ) : (
            <Text span fz="sm" style={{ overflowWrap: 'anywhere' }}>
              <bdi>{f.name}</bdi>
            </Text>
          )}{' '}
          <Text span c="dimmed" fz="xs">
            ({fileSize(f.size)})
          </Text>
        </li>
      ))}
    </Stack>
  );
}
