import type { Ref } from 'react';
import { InputBase, type TextareaProps } from '@mantine/core';

type Props = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'styles'> & {
  ref?: Ref<HTMLTextAreaElement>;
  /** Lines shown when empty (and where the browser cannot size fields: always, scrolling past them). */
  minRows?: number;
  /** Lines it grows to at most, then scrolls. */
  maxRows?: number;
};

/** A line's height in the field, plus its padding and border (Mantine's inputs are border-box). */
const rowsHeight = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0px) + 2px)`;

/**
 * A textarea that grows with its text by the browser's own layout (`field-sizing: content`), from
 * `minRows` lines up to `maxRows`. Mantine's `autosize` measures every one with script as the page
 * starts, a cost a phone pays per textarea on screen (the applicants' notes, the application). It is
 * Mantine's InputBase as a textarea (Textarea's module would bring its autosize code to every screen
 * with a field like this), with `dir="auto"` as the theme gives TextInput: people's own text follows
 * the direction they type it in.
 */
export function GrowingTextarea({ minRows = 1, maxRows, ...props }: Props) {
  return (
    <InputBase
      component="textarea"
      multiline
      dir="auto"
      {...props}
      rows={minRows}
      styles={{
        input: {
          fieldSizing: 'content',
          minHeight: rowsHeight(minRows),
          ...(maxRows ? { maxHeight: rowsHeight(maxRows) } : {}),
        },
      }}
    />
  );
}
