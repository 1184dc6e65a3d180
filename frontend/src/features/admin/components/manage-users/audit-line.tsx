import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@mashrou/contracts';
import { formatDateTime } from '../../../../lib/format';

/** One admin action: what, on whom, when, by whom, and its details worded by key. */
export function AuditLine({ a }: { a: AuditEntry }) {
  const { t } = useTranslation();
  // Details are worded by key; ids are left out (the target is already named).
  const value = (k: string, v: string | number) =>
    ['from', 'to', 'role'].includes(k) && typeof v === 'string' ? t(`dashboard.roles.${v}`) : String(v);
  const details = Object.entries(a.details)
    .filter((e): e is [string, string | number] => !e[0].endsWith('Id') && (typeof e[1] === 'string' || typeof e[1] === 'number'))
    .map(([k, v]) =>
      t(`admin.audit.details.${k}`, {
        value: value(k, v),
        count: k === 'count' && typeof v === 'number' ? v : undefined,
        defaultValue: `${k}: {{value}}`,
      }),
    )
    .join(' · ');
  return (
    <Stack gap={0} py={4}>
      <Text fz="sm">
        <b>{t(`admin.audit.actions.${a.action}`, { defaultValue: a.action })}</b>
        {a.target ? ` — ${a.target}` : ''}
      </Text>
      <Text fz="xs" c="dimmed">
        {formatDateTime(a.createdAt)} · {a.actor}
        {details ? ` · ${details}` : ''}
      </Text>
    </Stack>
  );
}
