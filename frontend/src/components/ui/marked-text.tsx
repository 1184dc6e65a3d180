import { Fragment } from 'react';
import { MARK_END, MARK_START } from '@mashrou/contracts/values';

/**
 * A text from the api with a search's matched words between MARK_START and MARK_END: shown with
 * those words in `<mark>` (React escapes the rest as any text).
 */
export function MarkedText({ text }: { text: string }) {
  const parts = text.split(MARK_START);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return <Fragment key={i}>{part}</Fragment>;
        const [marked = '', rest = ''] = part.split(MARK_END);
        return (
          <Fragment key={i}>
            <mark>{marked}</mark>
            {rest}
          </Fragment>
        );
      })}
    </>
  );
}
