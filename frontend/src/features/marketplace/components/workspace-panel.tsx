import { useState } from 'react';
import { Alert, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FoldToggle } from './fold-toggle';
import { errorText } from '../../../lib/error-messages';
import { LoadedPart, lazyPart } from '../../../components/ui/loaded-part';
import { useWorkspace } from '../api/workspace';
import { loadAppTexts } from '../../../lib/i18n';

// The opened workspace, its forms (react-hook-form among them) and its texts (the catalogue's
// `workspace` area) load when a workspace is first opened or about to be (the pointer on its button, a
// touch, the keyboard's focus), not with the screen.
const WorkspaceBody = lazyPart(() =>
  Promise.all([import('./workspace-body'), loadAppTexts('workspace')]).then(([m]) => m.WorkspaceBody),
);

/**
 * An accepted application's workspace, folded until opened (like its messages): the milestones the
 * company set, with their hand-ins and answers, and where the work stands. The company adds, changes
 * and removes milestones (until something is handed in) and reviews hand-ins; the student hands in.
 */
export function WorkspacePanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ws = useWorkspace(applicationId, open);
  const panelId = `workspace-${applicationId}`;

  return (
    <Stack gap="xs" mt="sm" data-testid="workspace">
      <Group gap="xs">
        <FoldToggle
          open={open}
          controls={panelId}
          load={WorkspaceBody.load}
          onToggle={() => {
            setOpen((o) => !o);
          }}
        >
          {open ? t('market.workspace.hide') : t('market.workspace.show')}
        </FoldToggle>
      </Group>
      {open ? (
        <Stack gap="sm" id={panelId} role="region" aria-label={t('market.workspace.title')}>
          {ws.isLoading ? <Skeleton h={80} /> : null}
          {ws.isError ? (
            <Alert color="red" role="alert">
              {errorText(ws.error, t)}
            </Alert>
          ) : null}
          {ws.data ? (
            <LoadedPart load={WorkspaceBody.load} fallback={<Skeleton h={80} />}>
              <WorkspaceBody ws={ws.data} />
            </LoadedPart>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
