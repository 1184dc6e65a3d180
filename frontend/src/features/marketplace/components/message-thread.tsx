import { useState } from 'react';
import { Badge, Box, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FoldToggle } from './fold-toggle';
import type { ApplicationStatus } from '@mashrou/contracts';
import { useThread, useUnreadMessages } from '../api/messages';
import { LoadedPart, lazyPart } from '../../../components/ui/loaded-part';

// The opened thread and its form (react-hook-form among them) load when a thread is first opened or
// about to be (the pointer on its button, a touch, the keyboard's focus), not with the screen.
const ThreadBody = lazyPart(() => import('./message-thread-body').then((m) => m.ThreadBody));

/**
 * The conversation on one application, folded until opened: the messages (oldest first, text only),
 * then a box to write when the caller may; a badge counts what the other side wrote since last read.
 */
export function MessageThread({ applicationId, status }: { applicationId: string; status: ApplicationStatus }) {
  const { t } = useTranslation();
  const unread = useUnreadMessages().data?.byApplication[applicationId] ?? 0;
  const [open, setOpen] = useState(false);
  // Once opened, the thread stays (hidden while folded), with a message begun in it.
  const [opened, setOpened] = useState(false);
  const thread = useThread(applicationId, open);
  const panelId = `thread-${applicationId}`;

  return (
    <Stack gap="xs" mt="sm" data-testid="thread">
      <Group gap="xs">
        <FoldToggle
          open={open}
          controls={panelId}
          load={ThreadBody.load}
          onToggle={() => {
            setOpen((o) => !o);
            setOpened(true);
          }}
        >
          {open ? t('market.messages.hide') : t('market.messages.show')}
        </FoldToggle>
        {unread > 0 && !open ? (
          <Badge color="red" variant="filled" data-testid="thread-unread">
            {t('market.messages.unread', { count: unread })}
          </Badge>
        ) : null}
      </Group>
      {opened ? (
        <Box hidden={!open}>
          <LoadedPart
            load={ThreadBody.load}
            fallback={
              <Stack id={panelId}>
                <Skeleton h={60} />
              </Stack>
            }
          >
            <ThreadBody applicationId={applicationId} status={status} panelId={panelId} thread={thread} />
          </LoadedPart>
        </Box>
      ) : null}
    </Stack>
  );
}
