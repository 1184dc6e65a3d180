import { Button } from '@mantine/core';
import type { LoadOnce } from '../../../lib/load-once';

/** The button that opens and folds a part of an application's card (its messages, its workspace). */
export function FoldToggle({
  open,
  controls,
  onToggle,
  load,
  children,
}: {
  open: boolean;
  /** The id of the part it opens. */
  controls: string;
  onToggle: () => void;
  /**
   * The code of the part it opens, started as the button is about to be pressed (the pointer on it,
   * a finger on it, the keyboard's focus) and as it is pressed, each trying again a load that failed.
   */
  load?: LoadOnce<unknown>;
  children: string;
}) {
  return (
    <Button
      variant="light"
      size="xs"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => {
        load?.retry();
        onToggle();
      }}
      onPointerEnter={load?.start}
      onFocus={load?.start}
    >
      {children}
    </Button>
  );
}
