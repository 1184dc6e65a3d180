import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { reviewProject, usePendingProjects, type Project } from '../api/marketplace';
import { ProjectMeta } from './project-meta';

function PendingProject({ p }: { p: Project }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = async (decision: 'approve' | 'reject') => {
    setError(null);
    try {
      await reviewProject(p.id, decision, reason.trim() || undefined);
      await qc.invalidateQueries({ queryKey: ['admin'] });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.loadFailed'));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="pending-project">
      <Text fw={700}>{p.title}</Text>
      <Text fz="sm" c="dimmed" mb={6}>
        {t('market.admin.by', { company: p.companyName })}
      </Text>
      <ProjectMeta p={p} />
      <Text fz="sm" mt="xs" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
        {p.description}
      </Text>
      {error ? (
        <Alert color="red" mt="xs">
          {error}
        </Alert>
      ) : null}
      <Group align="flex-end" mt="sm">
        <Button onClick={() => void decide('approve')}>{t('market.admin.approve')}</Button>
        <TextInput
          label={t('market.admin.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={1000}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button color="red" variant="light" disabled={!reason.trim()} onClick={() => void decide('reject')}>
          {t('market.admin.reject')}
        </Button>
      </Group>
    </Card>
  );
}

/** Admin: projects awaiting review, approve or reject with a reason. */
export function PendingProjectsCard() {
  const { t } = useTranslation();
  const pending = usePendingProjects();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="h4" mb="md">
        {t('market.admin.pending')}
      </Title>
      {pending.isError ? <Alert color="red">{t('common.loadFailed')}</Alert> : null}
      {pending.data?.items.length === 0 ? <Text c="dimmed">{t('market.admin.none')}</Text> : null}
      <Stack>
        {pending.data?.items.map((p) => (
          <PendingProject key={p.id} p={p} />
        ))}
      </Stack>
    </Card>
  );
}
