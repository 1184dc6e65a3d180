import { Button } from '@mantine/core';

/** The button that opens and folds a part of an application's card (its messages, its workspace). */
export function FoldToggle({
  open,
  controls,
  onToggle,
  children,
}: {
  open: boolean;
  /** The id of the part it opens. */
  controls: string;
  onToggle: () => void;
  children: string;
}) {
  return (
    <Button variant="light" size="xs" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {children}
    </Button>
  );
}
