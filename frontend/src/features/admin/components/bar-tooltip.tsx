import type { ReactElement } from 'react';
import { Tooltip } from '@mantine/core';

/** A bar's figure beside it while the pointer is on it (./signups-chart.tsx loads this on the first hover). */
export function BarTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} withArrow opened>
      {children}
    </Tooltip>
  );
}
