import { useState } from 'react';
import { Alert, Card, Skeleton, Stack, Text } from '@mantine/core';
import { Pager } from '../../../../components/ui/pager';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/error-messages';
import { useAudit } from '../../api/get-audit';
import { AuditLine } from './audit-line';

/** The audit log of admin actions, newest first, 20 a page. */
export function AuditTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Text c="dimmed" mb="sm">
        {t('admin.audit.intro')}
      </Text>
      {audit.isError ? (
        <Alert color="red" role="alert">
          {errorText(audit.error, t)}
        </Alert>
      ) : null}
      {audit.isLoading ? <Skeleton h={200} /> : null}
      {audit.data && audit.data.items.length === 0 ? <Text c="dimmed">{t('admin.audit.none')}</Text> : null}
      <Stack gap={0} data-testid="audit-log">
        {audit.data?.items.map((a) => (
          <AuditLine key={a.id} a={a} />
        ))}
      </Stack>
      {audit.data && audit.data.total > audit.data.pageSize ? (
        <Pager mt="md" total={Math.ceil(audit.data.total / audit.data.pageSize)} value={page} onChange={setPage} />
      ) : null}
    </Card>
  );
}
