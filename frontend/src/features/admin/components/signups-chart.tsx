import { useState } from 'react';
import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/format';
import { LoadedPart, lazyPart } from '../../../components/ui/loaded-part';

/**
 * The bars' tooltip, loaded when the pointer first reaches the chart: Mantine's Tooltip and the
 * positioning it is built on (about 26 kB gzip) are not the dashboard's first code. Pointer only: the
 * figures are read out from the list below the chart.
 */
const BarTooltip = lazyPart(() => import('./bar-tooltip').then((m) => m.BarTooltip));

/** Signups per day as bars (plain SVG-free boxes: no chart library in the bundle). */
export function SignupsChart({ days }: { days: { day: string; count: number }[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((s, d) => s + d.count, 0);
  const label = (day: string) => formatDay(day);
  const first = days[0];
  const last = days.at(-1);
  return (
    <Box>
      <Group
        align="flex-end"
        gap={3}
        h={140}
        wrap="nowrap"
        role="img"
        aria-label={t('adminHome.signupsAria', { count: total, days: days.length })}
        data-testid="signups-chart"
        onPointerEnter={BarTooltip.load.start}
      >
        {days.map((d) => (
          <Bar
            key={d.day}
            label={t('adminHome.signupsOn', { count: d.count, day: label(d.day) })}
            height={`${Math.max(2, (d.count / max) * 100)}%`}
            filled={d.count > 0}
          />
        ))}
      </Group>
      {/* The bars' figures for screen readers: the days that had signups. */}
      <VisuallyHidden>
        <ul>
          {days
            .filter((d) => d.count)
            .map((d) => (
              <li key={d.day}>{t('adminHome.signupsOn', { count: d.count, day: label(d.day) })}</li>
            ))}
        </ul>
      </VisuallyHidden>
      <Group justify="space-between" mt={6}>
        <Text fz="xs" c="dimmed">
          {first ? label(first.day) : ''}
        </Text>
        <Text fz="xs" c="dimmed">
          {last ? label(last.day) : ''}
        </Text>
      </Group>
    </Box>
  );
}

/**
 * One day's bar; its tooltip (a floating element of its own) exists only while the pointer is on it, so
 * the dashboard does not set up one per day as it loads; the bar alone until its code has arrived.
 */
function Bar({ label, height, filled }: { label: string; height: string; filled: boolean }) {
  const [hovered, setHovered] = useState(false);
  const bar = (
    <Box
      onMouseEnter={() => {
        setHovered(true);
      }}
      onMouseLeave={() => {
        setHovered(false);
      }}
      style={{
        flex: 1,
        minWidth: 4,
        height,
        borderRadius: 4,
        background: filled ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-2)',
      }}
    />
  );
  // Without the tooltip if its code could not be loaded (the chart's next hover tries again).
  return hovered ? (
    <LoadedPart load={BarTooltip.load} fallback={bar} failed={() => bar}>
      <BarTooltip label={label}>{bar}</BarTooltip>
    </LoadedPart>
  ) : (
    bar
  );
}
