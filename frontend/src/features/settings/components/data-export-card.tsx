import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
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
            <Alert color="teal">{t('settings.ownData.ready', { until: formatDateTime(current.expiresAt) })}</Alert>
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
