import { Button } from '@mantine/core';

/** The button that opens and folds a part of an application's card (its messages, its workspace). */
export function FoldToggle({
  open,
  controls,
  onToggle,
  onIntent,
  children,
}: {
  open: boolean;
  /** The id of the part it opens. */
  controls: string;
  onToggle: () => void;
  /**
   * Called as the button is about to be pressed (the pointer on it, a finger on it, the keyboard's
   * focus), to load the part's code ahead; a load that fails here is tried again when the part opens.
   */
  onIntent?: () => Promise<unknown>;
  children: string;
}) {
  const intent = onIntent
    ? () => {
        onIntent().catch(() => undefined);
      }
    : undefined;
  return (
    <Button
      variant="light"
      size="xs"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      onPointerEnter={intent}
      onFocus={intent}
    >
      {children}
    </Button>
  );
}
