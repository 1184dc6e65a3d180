import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';

export type Option = { value: string; label: string };

/**
 * A searchable picker kept in the URL (`?project=` / `?student=`): the api searches as the admin
 * types; the picked item stays listed even when the current search would not return it.
 */
export function SearchPicker({
  param,
  label,
  placeholder,
  empty,
  useOptions,
  pickedLabel,
  onPick,
}: {
  param: 'project' | 'student';
  label: string;
  placeholder: string;
  empty: string;
  useOptions: (search: string) => Option[];
  pickedLabel?: string;
  onPick?: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const value = params.get(param);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useOptions(debounced);
  const data =
    value && pickedLabel && !options.some((o) => o.value === value) ? [{ value, label: pickedLabel }, ...options] : options;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value}
      onChange={(v) => {
        onPick?.();
        setParams((p) => {
          if (v) p.set(param, v);
          else p.delete(param);
          return p;
        });
      }}
      nothingFoundMessage={empty}
      maw={560}
      filter={({ options: o }) => o}
    />
  );
}
