import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A decision waiting to be sent (useUndoable): what will happen, Undo (focused, so Enter or Space
 * takes it back) and a button to send it now.
 */
export function UndoAlert({
  children,
  nowLabel,
  onUndo,
  onNow,
  testId,
}: {
  children: ReactNode;
  nowLabel: string;
  onUndo: () => void;
  onNow: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const undoRef = useRef<HTMLButtonElement>(null);
  // Focus goes straight to Undo: what will happen is its description, so it is read out with it.
  const what = useId();
  useEffect(() => {
    undoRef.current?.focus();
  }, []);
  return (
    <Alert color="teal" mt="sm" role="status" data-testid={testId}>
      <Text fz="sm" id={what}>
        {children}
      </Text>
      <Group gap="xs" mt="xs">
        <Button ref={undoRef} size="xs" variant="default" onClick={onUndo} aria-describedby={what}>
          {t('common.undo')}
        </Button>
        <Button size="xs" onClick={onNow}>
          {nowLabel}
        </Button>
      </Group>
    </Alert>
  );
}
