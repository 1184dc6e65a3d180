import { useEffect, useState, type ReactNode } from 'react';
import { Box, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadedPart, PartFailed, lazyPart } from './loaded-part';
import type { ConfirmProps } from './confirm-dialog';

const Dialog = lazyPart(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));

/**
 * Starts the dialog's code ahead, for a button about to open one (the pointer on it, a touch,
 * keyboard focus), trying again a load that failed.
 */
export const preloadConfirm = Dialog.load.start;

/**
 * Asks once before an action that cannot be taken back, saying what will happen (`children`);
 * Cancel, Escape and the close button leave everything as it was. `color`: the confirming button's
 * (red for what destroys something; the theme's own otherwise).
 *
 * The dialog's code (Mantine's Modal, its portal, focus trap and scroll lock) loads when it first
 * opens (or ahead: preloadConfirm), not with the screen, with a spinner meanwhile; if it does not
 * arrive, a notice over the screen says so, with Try again and Cancel. Once shown it stays mounted
 * until it opens again, so it closes as a Modal does (its exit, the focus back on what opened it).
 */
export function ConfirmModal(props: ConfirmProps) {
  const { t } = useTranslation();
  /** How many times it was opened: each opening tries again a load that failed before it. */
  const [openings, setOpenings] = useState(props.opened ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(props.opened);
  if (props.opened !== wasOpen) {
    setWasOpen(props.opened);
    if (props.opened) {
      Dialog.load.retry();
      setOpenings(openings + 1);
    }
  }
  if (!openings) return null;
  const over = (content: ReactNode) =>
    props.opened ? (
      <Box pos="fixed" bottom={16} left={16} right={16} style={{ zIndex: 300 }}>
        {content}
      </Box>
    ) : null;
  return (
    <LoadedPart
      key={openings}
      load={Dialog.load}
      fallback={over(<Loader mx="auto" display="block" role="status" aria-label={t('common.loading')} />)}
      failed={(retry) => over(<PartFailed onRetry={retry} onCancel={props.onCancel} />)}
    >
      <OpenedOnceMounted {...props} />
    </LoadedPart>
  );
}

/**
 * The dialog mounted closed, then opened a frame later: Mantine's Modal notes what has the focus as
 * it opens (to give it back on close), which it does not when it mounts open.
 */
function OpenedOnceMounted(props: ConfirmProps) {
  const [mayOpen, setMayOpen] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      setMayOpen(true);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, []);
  return <Dialog {...props} opened={props.opened && mayOpen} />;
}
