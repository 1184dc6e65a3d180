import { Select } from '@mantine/core';

/** A list's filter by one status: `allLabel` (no filter) or one of `statuses`, each worded by `labelOf`. */
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
    <Select
      label={label}
      w={260}
      value={value ?? 'all'}
      allowDeselect={false}
      data={[{ value: 'all', label: allLabel }, ...statuses.map((s) => ({ value: s, label: labelOf(s) }))]}
      onChange={(v) => {
        onChange(statuses.find((s) => s === v));
      }}
    />
  );
}
