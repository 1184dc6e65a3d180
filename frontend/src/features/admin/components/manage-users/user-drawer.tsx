import { useState } from 'react';
import { Alert, Badge, Card, Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../../../lib/auth';
import { errorText } from '../../../../lib/error-messages';
import { useUser } from '../../api/get-user';
import { useUserActions, type UserAction } from '../../hooks/use-user-actions';
import { AuditLine } from './audit-line';
import { ConfirmActionModal } from './confirm-action-modal';
import { EmailAndCompany } from './email-and-company';
import { StatusBadges } from './status-badges';
import { UserActionsCard } from './user-actions-card';
import { UserApplicationsCard, UserAssessmentCard, UserProfileCard, UserProjectsCard } from './user-details';

/** One user: profile, assessment, projects or applications, actions and history. */
export function UserDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const user = useUser(id);
  const actions = useUserActions(id ?? '');
  // The dialog keeps showing its last question while it animates closed.
  const [confirm, setConfirmState] = useState<UserAction | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const setConfirm = (c: UserAction | null) => {
    if (c) setConfirmState(c);
    setConfirmOpen(!!c);
  };
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const u = user.data;
  const self = !!u && u.id === me.id;

  async function run(action: UserAction) {
    setError(null);
    setDone(null);
    try {
      await actions.run(action);
      if (action.kind === 'delete') {
        setConfirm(null);
        onClose();
        return;
      }
      setDone(t(`admin.users.done.${action.kind}`));
    } catch (err) {
      setError(errorText(err, t));
    }
    setConfirm(null);
  }

  return (
    <Drawer
      opened={!!id}
      onClose={() => {
        setError(null);
        setDone(null);
        onClose();
      }}
      position="right"
      size="lg"
      title={t('admin.users.userTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // Escape reaches every open dialog: while the confirmation is open, it closes only that.
      closeOnEscape={!confirmOpen}
    >
      {user.isLoading ? <Skeleton h={300} /> : null}
      {user.isError ? (
        <Alert color="red" role="alert">
          {errorText(user.error, t)}
        </Alert>
      ) : null}
      {u ? (
        <Stack data-testid="user-panel">
          <Stack gap={2}>
            <Title order={2} fz="h3">
              {u.fullName}
            </Title>
            <Text c="dimmed">
              <EmailAndCompany email={u.email} companyName={u.companyName} />
            </Text>
            <Group gap={6} mt={4}>
              <Badge variant="outline">{t(`dashboard.roles.${u.userType}`)}</Badge>
              <StatusBadges u={u} />
            </Group>
          </Stack>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          {done ? <Alert color="teal">{done}</Alert> : null}
          <UserProfileCard u={u} />
          {u.userType === 'student' ? <UserAssessmentCard assessment={u.assessment} /> : null}
          {u.userType === 'startup' ? <UserProjectsCard projects={u.projects} /> : null}
          {u.userType === 'student' ? <UserApplicationsCard u={u} /> : null}
          <UserActionsCard u={u} self={self} busy={actions.busy} onAction={setConfirm} />
          <Card withBorder radius="md">
            <Title order={3} fz="h5" mb="xs">
              {t('admin.users.history')}
            </Title>
            {u.audit.length ? (
              u.audit.map((a) => <AuditLine key={a.id} a={a} />)
            ) : (
              <Text fz="sm" c="dimmed">
                {t('admin.users.noHistory')}
              </Text>
            )}
          </Card>
          <ConfirmActionModal
            action={confirm}
            opened={confirmOpen}
            name={u.fullName}
            busy={actions.busy}
            onCancel={() => {
              setConfirm(null);
            }}
            onConfirm={(action) => void run(action)}
          />
        </Stack>
      ) : null}
    </Drawer>
  );
}
