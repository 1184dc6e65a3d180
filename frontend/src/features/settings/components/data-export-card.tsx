import { useEffect, useRef } from 'react';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-messages';
import { formatDateTime } from '../../../lib/format';
import { useLatestExport, useRequestExport } from '../api/own-data';

/** Download my data: a copy of everything we hold about the account, prepared in the background and sent by email. */
export function DataExportCard() {
  const { t } = useTranslation();
  const latest = useLatestExport();
  const request = useRequestExport();
  const current = latest.data?.export ?? null;
  const pending = current?.status === 'pending';
  // The emailed link brings its token (`?export=`); without it, the latest ready copy is downloaded.
  const token = useSearchParams()[0].get('export');
  const download = `/api/me/export/download${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const ready = current?.status === 'ready' && !!current.expiresAt;
  // Arriving from the email: the download is what the person came for (in view, and focused).
  const button = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!token || !ready) return;
    button.current?.scrollIntoView({ block: 'center' });
    button.current?.focus();
  }, [token, ready]);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack>
        <Title order={3} fz="h4">
          {t('settings.ownData.exportTitle')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('settings.ownData.exportHint')}
        </Text>
        <div role="status" aria-live="polite">
          {current?.status === 'pending' ? <Alert color="blue">{t('settings.ownData.pending')}</Alert> : null}
          {current?.status === 'ready' && current.expiresAt ? (
            <Alert color="teal">
              <Stack gap="sm" align="flex-start">
                <Text fz="sm">{t('settings.ownData.ready', { until: formatDateTime(current.expiresAt) })}</Text>
                <Button component="a" href={download} download color="teal" ref={button}>
                  {t('settings.ownData.download')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {current?.status === 'expired' ? <Alert color="gray">{t('settings.ownData.expired')}</Alert> : null}
          {current?.status === 'failed' ? <Alert color="red">{t('settings.ownData.failed')}</Alert> : null}
        </div>
        {request.isError ? (
          <Alert color="red">{errorText(request.error, t, { fallback: 'settings.ownData.requestFailed' })}</Alert>
        ) : null}
        <Button
          variant="light"
          w="fit-content"
          loading={request.isPending}
          disabled={pending}
          onClick={() => {
            request.mutate();
          }}
        >
          {t('settings.ownData.exportButton')}
        </Button>
      </Stack>
    </Card>
  );
}
