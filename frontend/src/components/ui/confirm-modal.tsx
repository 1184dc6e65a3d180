import { useEffect, useState } from 'react';
import { LoadedPart, lazyPart } from './loaded-part';
import type { ConfirmProps } from './confirm-dialog';

const Dialog = lazyPart(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));

/**
 * Asks once before an action that cannot be taken back, saying what will happen (`children`);
 * Cancel, Escape and the close button leave everything as it was. `color`: the confirming button's
 * (red for what destroys something; the theme's own otherwise).
 *
 * The dialog's code (Mantine's Modal, its portal, focus trap and scroll lock) loads when it first
 * opens, not with the screen; from then on it stays mounted, so it closes as a Modal does (its exit
 * and the focus back on what opened it).
 */
export function ConfirmModal(props: ConfirmProps) {
  const [shown, setShown] = useState(props.opened);
  if (props.opened && !shown) setShown(true);
  if (!shown) return null;
  return (
    <LoadedPart load={Dialog.load} fallback={null}>
      <Opening {...props} />
    </LoadedPart>
  );
}

/**
 * The dialog mounted closed, then opened: Mantine's Modal notes what had the focus as it opens (to
 * give it back on close), which it does not when it mounts open.
 */
function Opening(props: ConfirmProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    // (In the next frame: the closed dialog is on the page by then.)
    const frame = requestAnimationFrame(() => {
      setMounted(true);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, []);
  return <Dialog {...props} opened={props.opened && mounted} />;
}
