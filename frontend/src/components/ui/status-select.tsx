import { NativeSelect } from '@mantine/core';

/**
 * A list's filter by one status: `allLabel` (no filter) or one of `statuses`, each worded by `labelOf`.
 * The browser's own select: no dropdown code to load, and a phone shows its own picker. (Arrow keys
 * change it at each step: its callers replace the address rather than add a history entry each.)
 */
export function StatusSelect<S extends string>({
  label,
  allLabel,
  statuses,
  labelOf,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  statuses: readonly S[];
  labelOf: (status: S) => string;
  value: S | undefined;
  onChange: (status: S | undefined) => void;
}) {
  return (
    <NativeSelect
      label={label}
      w={260}
      value={value ?? ''}
      data={[{ value: '', label: allLabel }, ...statuses.map((s) => ({ value: s, label: labelOf(s) }))]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        onChange(statuses.find((s) => s === v));
      }}
    />
  );
}
