import { TagsInput, type ComboboxItem, type TagsInputProps } from '@mantine/core';
import type { SkillOption } from '@mashrou/contracts';

/**
 * Skills as tags, free to type, with the suggested ones offered in the reader's language: a
 * suggestion shows its label (Arabic in Arabic) and is stored as its canonical value, so projects
 * and students match whatever language each wrote in; typing finds a suggestion by either.
 */
export function SkillsInput({ suggestions, ...props }: Omit<TagsInputProps, 'data'> & { suggestions: SkillOption[] }) {
  const labels = new Map(suggestions.map((s) => [s.value, s.label]));
  return (
    <TagsInput
      {...props}
      data={suggestions.map((s) => s.value)}
      renderOption={({ option }) => labels.get(option.value) ?? option.value}
      filter={({ options, search, limit }) => {
        const q = search.trim().toLocaleLowerCase();
        const items = options as ComboboxItem[];
        const hits = q ? items.filter((o) => `${o.value} ${labels.get(o.value) ?? ''}`.toLocaleLowerCase().includes(q)) : items;
        return hits.slice(0, limit);
      }}
    />
  );
}
